import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** The country of a visitor we cannot place; restricted (fail closed). */
export const UNKNOWN_COUNTRY = 'XX';

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function secretMatches(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  // Digests first: equal lengths, so the comparison time says nothing about the secret.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const proxyLists = new Map<string, BlockList>();

/**
 * Whether the request reached the node through a proxy it trusts: with a number of hops the node is
 * reachable only through them; with addresses, the socket's peer must be one of them.
 */
function fromTrustedProxy(request: FastifyRequest, trust: Config['trustProxy']): boolean {
  if (!Array.isArray(trust)) return trust !== false;
  const key = trust.join(',');
  let list = proxyLists.get(key);
  if (!list) {
    list = new BlockList();
    for (const range of trust) {
      const [address, prefix] = range.split('/') as [string, string | undefined];
      const type = isIPv6(address) ? 'ipv6' : 'ipv4';
      if (prefix === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(prefix), type);
    }
    proxyLists.set(key, list);
  }
  const peer = (request.raw.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  return peer !== '' && list.check(peer, isIPv6(peer) ? 'ipv6' : 'ipv4');
}

/**
 * The visitor's country from the CDN's header (`GEO_COUNTRY_HEADER`, e.g. cf-ipcountry), trusted only
 * when the request came through the operator's proxy (`TRUST_PROXY`) or carries the secret the CDN
 * adds (`X-Geo-Secret` = `GEO_HEADER_SECRET`): any client can send the header itself. Otherwise, and
 * for a missing or malformed value, `DEFAULT_COUNTRY` outside production and "unknown" (restricted)
 * in production.
 */
export function countryOf(request: FastifyRequest, config: Config): string {
  const trusted =
    fromTrustedProxy(request, config.trustProxy) ||
    // The previous secret too while the CDN is switched over (GEO_HEADER_SECRET_PREVIOUS).
    [config.geoHeaderSecret, config.geoHeaderSecretPrevious].some(
      (secret) => secret !== null && secretMatches(header(request, 'x-geo-secret'), secret),
    );
  const value = trusted ? header(request, config.geoCountryHeader) : undefined;
  if (value && /^[A-Za-z]{2}$/.test(value) && value.toUpperCase() !== UNKNOWN_COUNTRY) return value.toUpperCase();
  return config.production ? UNKNOWN_COUNTRY : config.defaultCountry;
}
