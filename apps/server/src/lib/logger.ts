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
        'req.headers["x-signature"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        path: loggablePath(req.url),
      }),
    },
  };
}

/** The path without its query, and without sandbox game-session ids: such an id is the game page's credential. */
export function loggablePath(url: string): string {
  return url.split('?')[0]!.replace(/(\/sandbox\/games\/(?:play|api\/sessions)\/)[^/]+/, '$1[session]');
}
