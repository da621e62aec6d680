import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/**
 * pino options: never log tokens, passwords or secrets. Request logs carry the path only
 * (query strings can hold one-time tokens), and sensitive headers and body fields are redacted.
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-ops-secret"]',
        '*.password',
        '*.password_confirmation',
        '*.accessToken',
        '*.token',
        '*.secret',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({ id: req.id, method: req.method, path: req.url.split('?')[0] }),
    },
  };
}
