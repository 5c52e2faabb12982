import type { FastifyRequest } from 'fastify';
import { isHost, localAuthority } from './host.js';

/** Where the API's operations live; the major version is in the address (README, "Versions and deprecation"). */
export const API_PREFIX = '/api/v1';

/**
 * The base of absolute URLs in responses: the configured public address, or the one the client used when
 * its Host header is a host name; otherwise (the request then gets 400) the address it came in on.
 */
export function baseUrl(request: FastifyRequest): string {
  const { publicBaseUrl } = request.server.config;
  if (publicBaseUrl) return publicBaseUrl;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${isHost(request.host) ? request.host : localAuthority(request)}`;
}
