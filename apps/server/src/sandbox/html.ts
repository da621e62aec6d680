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
