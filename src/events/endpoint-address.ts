import { lookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { BlockList } from 'node:net';
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

/**
 * IPv4-compatible IPv6 (::/96, deprecated by RFC 4291), refused whatever it embeds: a host may still route it to
 * the IPv4 address inside. ipaddr.js cannot tell it: it reads `::a00:1` as plain unicast and `::10.0.0.1` (how
 * Node writes a resolved one) as IPv4-mapped; Node's BlockList reads both as the same address.
 */
const ipv4Compatible = new BlockList();
ipv4Compatible.addSubnet('::', 96, 'ipv6');

/** NAT64's well-known prefix (RFC 6052): a gateway connects to the IPv4 address in its last 32 bits. */
const nat64 = ipaddr.parseCIDR('64:ff9b::/96');

/**
 * A public unicast address: not loopback, private, link-local, unique-local, CGNAT, multicast, reserved or unspecified.
 * An address that carries an IPv4 one is judged by it where the network reaches that IPv4 address (IPv4-mapped,
 * NAT64's well-known prefix) and refused otherwise (IPv4-compatible, 6to4, Teredo, NAT64's local-use prefix,
 * IPv4-translated: deprecated or local, with no use for a webhook).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  if (ipaddr.IPv6.isValid(address) && ipv4Compatible.check(address, 'ipv6')) return false;
  // IPv4-mapped addresses come out of process() as the IPv4 address they carry.
  const parsed = ipaddr.process(address);
  if (parsed instanceof ipaddr.IPv6 && parsed.match(nat64)) {
    return isPublicAddress(ipaddr.fromByteArray(parsed.toByteArray().slice(12)).toString());
  }
  return parsed.range() === 'unicast';
}

/** A URL's host as an address or a name: IPv6 literals lose their brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function allowedHost(policy: AddressPolicy, host: string): boolean {
  return policy.allowedHosts.includes(host.toLowerCase());
}

/** An endpoint's URL as it is stored (WHATWG URL's serialisation: `HTTPS://Erp.Example.com` is `https://erp.example.com/`), or why it is refused. */
export type EndpointUrlCheck = { url: string; problem?: never } | { problem: string; url?: never };

/**
 * An endpoint's URL, normalised, or why it is refused, in Portuguese: the one check of every way an endpoint is
 * added (admin area, CLI). Resolves the host in production.
 */
export async function checkEndpointUrl(raw: string, policy: AddressPolicy): Promise<EndpointUrlCheck> {
  const problem = await urlProblem(raw, policy);
  return problem ? { problem } : { url: new URL(raw).href };
}

async function urlProblem(raw: string, policy: AddressPolicy): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'não é um endereço http(s) válido';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'o endereço deve começar por https:// (ou http:// fora de produção)';
  if (url.username || url.password) return 'o endereço não pode levar usuário ou senha; o receptor confere a assinatura';
  if (url.hash) return 'o endereço não pode ter fragmento (#)';
  if (url.href.length > 2000) return 'o endereço tem mais de 2.000 caracteres';
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
