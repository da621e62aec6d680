import type { FastifyInstance, FastifyReply } from 'fastify';

/** Every value a sandbox page puts in its markup goes through this. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The sandbox providers' hosted pages post plain HTML forms (small ones) to the scope that calls this. */
export function acceptHtmlForms(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}

/** A hosted page: HTML, never cached. */
export const sendHtml = (reply: FastifyReply, body: string, status = 200) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

/** The sandbox providers' pages share one plain look. */
const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  *, *::before, *::after { box-sizing: border-box; }
  input, fieldset { min-width: 0; max-width: 100%; }
  body { margin: 0; background: #f6f7fb; color: #111827; }
  main { max-width: 420px; margin: 0 auto; padding: 20px 16px; }
  header { display: flex; justify-content: space-between; align-items: baseline; margin-bottom: 16px; }
  .brand { font-weight: 700; letter-spacing: .02em; }
  .brand small { display: block; font-weight: 500; color: #6b7280; font-size: 12px; letter-spacing: 0; }
  .amount { font-size: 20px; font-weight: 700; }
  form { display: grid; gap: 12px; }
  label { display: grid; gap: 4px; font-size: 14px; font-weight: 600; }
  input { font: inherit; font-size: 16px; padding: 10px 12px; border: 1px solid #c7cbd6; border-radius: 8px; background: #fff; }
  input:focus { outline: 3px solid #93c5fd; border-color: #2563eb; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  button { font: inherit; font-weight: 700; padding: 12px; border: 0; border-radius: 8px; background: #1d4ed8; color: #fff; cursor: pointer; }
  button.secondary { background: #e5e7eb; color: #111827; }
  button:focus-visible { outline: 3px solid #93c5fd; outline-offset: 2px; }
  .errors { background: #fef2f2; color: #991b1b; border: 1px solid #fecaca; border-radius: 8px; padding: 8px 12px; margin: 0 0 12px; }
  .note { color: #4b5563; font-size: 13px; line-height: 1.4; }
  .result { text-align: center; padding: 32px 8px; }
  .result h1 { font-size: 22px; }
  fieldset { border: 1px solid #c7cbd6; border-radius: 8px; display: grid; gap: 8px; }
  .choice { display: flex; align-items: center; gap: 8px; font-weight: 500; }
  .reviewer { margin-top: 24px; padding-top: 16px; border-top: 1px dashed #c7cbd6; }
`;

/** A hosted page of a sandbox provider: no script, every value already escaped by the caller. */
export function hostedPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}
