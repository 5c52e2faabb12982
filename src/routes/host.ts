import type { FastifyRequest } from 'fastify';

/** A DNS label; underscores too, as in container and service names. */
const LABEL = '[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?';
/** A host name or IPv4 address, or a bracketed IPv6 address, with an optional port (RFC 9110 §7.2). */
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9A-Fa-f:.]+\\])(?::[0-9]{1,5})?$`);

/** Whether a Host header may go into a URL as it is: nothing in it can end the URL or add to it. */
export function isHost(host: string): boolean {
  return host.length <= 260 && HOST.test(host);
}

/** The address the request came in on, for when its Host header cannot be used (`localhost` when unknown). */
export function localAuthority(request: FastifyRequest): string {
  const { localAddress, localPort } = request.socket;
  if (!localAddress) return 'localhost';
  return `${localAddress.includes(':') ? `[${localAddress}]` : localAddress}:${localPort}`;
}
