import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { acceptHtmlForms, escapeHtml as escape, sendHtml } from '../html.ts';
import { CONNECTIONS, isConnection, OIDC_PATH, type SandboxOidc } from './provider.ts';

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f6f7fb; color: #111827; }
  main { max-width: 380px; margin: 48px auto; padding: 24px; background: #fff; border-radius: 16px; box-shadow: 0 8px 30px #0001; }
  h1 { font-size: 20px; margin: 0 0 4px; } p { color: #4b5563; font-size: 14px; line-height: 1.4; }
  form { display: grid; gap: 12px; margin-top: 16px; }
  label { display: grid; gap: 4px; font-size: 14px; font-weight: 600; }
  input { font: inherit; font-size: 16px; padding: 10px 12px; border: 1px solid #c7cbd6; border-radius: 8px; }
  input:focus { outline: 3px solid #93c5fd; border-color: #2563eb; }
  button { font: inherit; font-weight: 700; padding: 12px; border: 0; border-radius: 8px; background: #111827; color: #fff; cursor: pointer; }
  .errors { background: #fef2f2; color: #991b1b; border: 1px solid #fecaca; border-radius: 8px; padding: 8px 12px; }
`;

function signInPage(uid: string, connection: string, error: string | null): string {
  const brand = isConnection(connection) ? CONNECTIONS[connection] : 'Sandbox';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Sign in with ${escape(brand)} (sandbox)</title><style>${STYLE}</style></head><body><main>
  <h1>Sign in with ${escape(brand)}</h1>
  <p>Sandbox identity provider: no real ${escape(brand)} account is used. Any e-mail address signs in as that person.</p>
  ${error ? `<p class="errors" role="alert">${escape(error)}</p>` : ''}
  <form method="post" action="${OIDC_PATH}/interaction/${escape(uid)}">
    <label>E-mail<input name="email" type="email" autocomplete="email" required maxlength="254"></label>
    <label>Name<input name="name" autocomplete="name" maxlength="64"></label>
    <button type="submit">Continue</button>
  </form></main></body></html>`;
}

const isJsonTokenCall = (req: IncomingMessage, path: string) =>
  req.method === 'POST' &&
  path.split('?')[0] === '/oauth/token' &&
  (req.headers['content-type'] ?? '').toLowerCase().startsWith('application/json');

/** The same request with its JSON object body as a form body (strings as they are, others as JSON). */
async function asFormRequest(req: IncomingMessage): Promise<IncomingMessage | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) return null;
    chunks.push(chunk as Buffer);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const form = Buffer.from(
    new URLSearchParams(
      Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    ).toString(),
  );
  const copy = Readable.from([form]) as unknown as IncomingMessage;
  Object.assign(copy, {
    method: req.method,
    url: req.url,
    httpVersion: req.httpVersion,
    socket: req.socket,
    connection: req.socket,
    headers: {
      ...req.headers,
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(form.length),
    },
  });
  return copy;
}

const uidParams = z.object({ uid: z.string().max(64) });
const loginForm = z.object({
  email: z.string().trim().max(254).pipe(z.email()),
  name: z.string().trim().max(64).optional(),
});

/**
 * The sandbox provider under /sandbox/oidc: its sign-in page (our own interaction, standing for
 * Google's or Apple's), and every protocol path handed to oidc-provider untouched (before Fastify reads
 * the body: the token endpoint takes form and JSON bodies itself).
 */
export function registerSandboxOidc(app: FastifyInstance, oidc: SandboxOidc): void {
  const callback = oidc.provider.callback();
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.raw.url ?? '';
    if (!url.startsWith(`${OIDC_PATH}/`) || url.startsWith(`${OIDC_PATH}/interaction/`)) return;
    reply.hijack();
    const path = url.slice(OIDC_PATH.length);
    // Auth0 clients may send the token call as JSON; oidc-provider reads forms only, so it gets one.
    const raw = isJsonTokenCall(request.raw, path) ? await asFormRequest(request.raw) : request.raw;
    if (!raw) {
      reply.raw.writeHead(400, { 'content-type': 'application/json' });
      reply.raw.end(JSON.stringify({ error: 'invalid_request', error_description: 'the body is not a JSON object' }));
      return;
    }
    const mounted = raw as IncomingMessage & { originalUrl?: string };
    mounted.originalUrl = url;
    mounted.url = path;
    callback(mounted, reply.raw);
  });

  void app.register(async (pages) => {
    acceptHtmlForms(pages);

    pages.get(`${OIDC_PATH}/interaction/:uid`, { schema: { hide: true } }, async (request, reply) => {
      const { uid } = uidParams.parse(request.params);
      const details = await oidc.provider.interactionDetails(request.raw, reply.raw);
      if (details.uid !== uid) return sendHtml(reply, signInPage(uid, '', 'This sign-in expired. Start again.'), 400);
      return sendHtml(reply, signInPage(uid, String(details.params.connection ?? ''), null));
    });

    pages.post(`${OIDC_PATH}/interaction/:uid`, { schema: { hide: true } }, async (request, reply) => {
      const { uid } = uidParams.parse(request.params);
      const details = await oidc.provider.interactionDetails(request.raw, reply.raw);
      const connection = String(details.params.connection ?? 'google-oauth2');
      const form = loginForm.safeParse(request.body);
      if (!form.success) return sendHtml(reply, signInPage(uid, connection, 'Enter a valid e-mail address.'), 422);
      const email = form.data.email.toLowerCase();
      // One account per connection and address, as Auth0's `google-oauth2|…` subjects are.
      const accountId = `${isConnection(connection) ? connection : 'google-oauth2'}|${email}`;
      oidc.remember(accountId, { email, name: form.data.name || email.split('@')[0]! });
      reply.hijack();
      await oidc.provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
    });
  });
}
