import { lookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * Where webhooks may go (API-DESIGN §13). In production an endpoint must be https and reach only public addresses:
 * a URL naming or resolving to a loopback, private, link-local or other special address would let whoever creates
 * endpoints make the service call inside the association's network. An operator may allow hosts by name.
 * Elsewhere anything goes, so that a developer's receiver on 127.0.0.1 works.
 */
export interface AddressPolicy {
  readonly production: boolean;
  readonly allowedHosts: readonly string[];
}

/** A public unicast address: not loopback, private, link-local, unique-local, CGNAT, multicast, reserved or unspecified. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** A URL's host as an address or a name: IPv6 literals lose their brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function allowedHost(policy: AddressPolicy, host: string): boolean {
  return policy.allowedHosts.includes(host.toLowerCase());
}

/** Why an endpoint's URL is refused, in Portuguese, or null when it may be used. Resolves the host in production. */
export async function endpointUrlProblem(raw: string, policy: AddressPolicy): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'não é um endereço http(s) válido';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'o endereço deve começar por https:// (ou http:// fora de produção)';
  if (url.username || url.password) return 'o endereço não pode levar usuário ou senha; o receptor confere a assinatura';
  if (url.hash) return 'o endereço não pode ter fragmento (#)';
  if (raw.length > 2000) return 'o endereço tem mais de 2.000 caracteres';
  if (!policy.production) return null;
  if (url.protocol !== 'https:') return 'em produção o endereço deve ser https://';
  const host = hostOf(url);
  if (allowedHost(policy, host)) return null;
  if (ipaddr.isValid(host)) return isPublicAddress(host) ? null : privateAddressProblem(host, host);
  let addresses: LookupAddress[];
  try {
    addresses = await new Promise((resolve, reject) =>
      lookup(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
    );
  } catch {
    return `o host ${host} não foi encontrado no DNS`;
  }
  const refused = addresses.find(({ address }) => !isPublicAddress(address));
  return refused ? privateAddressProblem(host, refused.address) : null;
}

function privateAddressProblem(host: string, address: string): string {
  return (
    `${host} leva a ${address}, um endereço de loopback, rede privada ou link-local; ` +
    'um operador pode permitir o host em WEBHOOK_ALLOWED_HOSTS'
  );
}

export class RefusedAddressError extends Error {}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The `lookup` of a delivery's connections: in production it refuses a host that resolves to a non-public
 * address at the moment of connecting, so that a name re-pointed after the endpoint was checked (DNS rebinding)
 * reaches nothing inside.
 */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback): void => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const usable =
        !policy.production || allowedHost(policy, hostname) ? addresses : addresses.filter(({ address }) => isPublicAddress(address));
      if (usable.length === 0) {
        return callback(new RefusedAddressError(privateAddressProblem(hostname, addresses[0]?.address ?? '?')), '');
      }
      if (options.all) return callback(null, usable);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

/** Why a delivery to `url` must not connect, for a host given as an address (connections skip `lookup` for those). */
export function literalAddressProblem(url: URL, policy: AddressPolicy): string | null {
  const host = hostOf(url);
  if (!policy.production || !ipaddr.isValid(host) || allowedHost(policy, host) || isPublicAddress(host)) return null;
  return privateAddressProblem(host, host);
}
