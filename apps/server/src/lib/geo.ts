import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** Country of the visitor from the CDN header (e.g. cf-ipcountry), else the configured default. */
export function countryOf(request: FastifyRequest, config: Config): string {
  const raw = request.headers[config.geoCountryHeader];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && /^[A-Za-z]{2}$/.test(value) && value.toUpperCase() !== 'XX'
    ? value.toUpperCase()
    : config.defaultCountry;
}
