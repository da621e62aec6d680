import { createHash, timingSafeEqual } from 'node:crypto';
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

/**
 * The visitor's country from the CDN's header (`GEO_COUNTRY_HEADER`, e.g. cf-ipcountry), trusted only
 * when the request came through the operator's proxy (`TRUST_PROXY`) or carries the secret the CDN
 * adds (`X-Geo-Secret` = `GEO_HEADER_SECRET`): any client can send the header itself. Otherwise, and
 * for a missing or malformed value, `DEFAULT_COUNTRY` outside production and "unknown" (restricted)
 * in production.
 */
export function countryOf(request: FastifyRequest, config: Config): string {
  const trusted =
    config.trustProxy ||
    (config.geoHeaderSecret !== null && secretMatches(header(request, 'x-geo-secret'), config.geoHeaderSecret));
  const value = trusted ? header(request, config.geoCountryHeader) : undefined;
  if (value && /^[A-Za-z]{2}$/.test(value) && value.toUpperCase() !== UNKNOWN_COUNTRY) return value.toUpperCase();
  return config.production ? UNKNOWN_COUNTRY : config.defaultCountry;
}
