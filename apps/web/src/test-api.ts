/**
 * The API as the web tests see it: an MSW server (started in test-setup.ts) whose answers are written
 * through the contracts' schemas. `reply(schema, body)` encodes the body with the schema the server
 * answers with, as the server's serializer does: a fixture that drifted from the contract throws in
 * the test, and a field the contract does not declare never reaches the app. A request no handler
 * answers fails the test (test-setup.ts).
 *
 *   server.use(get('/api/player/limits', () => reply(dataEnvelope(z.array(playerLimitSchema)), { data: [] })));
 */
// msw/core/http, not msw: the package's root also loads its GraphQL support, 0.1 s in every test file.
import type { PathParams } from 'msw';
import { http, type HttpResponseResolver } from 'msw/core/http';
// msw/native's server intercepts fetch and XMLHttpRequest only, all the app in jsdom sends requests
// with; msw/node's also patches node:http and WebSocket and keeps its handlers per async context,
// which made the heaviest files (game page, bonuses, modal host) some 5 % slower.
import { setupServer } from 'msw/native';
import { z } from 'zod';
import { errorEnvelopeSchema, type ErrorEnvelope } from '@casino/contracts';

export const server = setupServer();

/** A JSON answer: `body` encoded by `schema` (throws when it does not fit), with `status` (200). */
export function reply<S extends z.ZodType>(schema: S, body: z.output<S>, status = 200): Response {
  return Response.json(z.encode(schema, body), { status });
}

/** An error answer: `{ error }` checked against the contract's error envelope. */
export function refuse(status: number, error: ErrorEnvelope['error']): Response {
  return reply(errorEnvelopeSchema, { error }, status);
}

/** No answer at all (a network failure): for a call the test does not care about, as a fetch stub that threw. */
export const offline = (): Response => Response.error();

/** 204, no body. */
export const noContent = (): Response => new Response(null, { status: 204 });

type Resolver = HttpResponseResolver<PathParams, never>;
/** Handlers on the page's origin (jsdom's location), as the app's relative `/api/…` calls are sent. */
export const get = (path: string, resolver: Resolver) => http.get(path, resolver);
export const post = (path: string, resolver: Resolver) => http.post(path, resolver);
export const put = (path: string, resolver: Resolver) => http.put(path, resolver);
export const patch = (path: string, resolver: Resolver) => http.patch(path, resolver);
export const del = (path: string, resolver: Resolver) => http.delete(path, resolver);
/** Any method; `'*'`: any address (a test's catch-all, as a 404). */
export const all = (path: string, resolver: Resolver) => http.all(path, resolver);

/**
 * One request as the app sent it: method, path, query, the two as sent (`/api/x?a[]=1`), the whole
 * address (another host's too), headers.
 */
export type SentRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  url: string;
  href: string;
  headers: Headers;
};

/**
 * The requests the app sends from now to the end of the test, in order, for tests that assert what
 * was asked (which endpoint, which query). A handler reads a body itself (`await request.json()`).
 */
export function recordRequests(): SentRequest[] {
  const sent: SentRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    sent.push({
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      url: url.pathname + url.search,
      href: request.url,
      headers: request.headers,
    });
  });
  return sent;
}

/**
 * MSW turns an exception in a handler (a fixture `reply` refused) into a 500 the app may take in its
 * stride; test-setup.ts fails the test with it instead.
 */
export const handlerErrors: unknown[] = [];
server.events.on('unhandledException', ({ error }) => {
  handlerErrors.push(error);
});
