import type { FastifyInstance } from 'fastify';
import { formatMinor } from '@casino/contracts';
import { acceptHtmlForms, escapeHtml as escape, sendHtml } from '../html.ts';
import { findObject, scaleOf, settle, type OrbitRow, type SandboxOrbit } from './party.ts';

/** Orbit's own look: a party of its own, not the casino's and not Sandbox Pay's. */
const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; background: linear-gradient(180deg, #0f3d3e 0, #145c5d 180px, #e9f5f2 180px); color: #0b1f1f; }
  main { max-width: 440px; margin: 0 auto; padding: 28px 16px 40px; }
  .top { display: flex; align-items: center; gap: 10px; color: #fff; margin-bottom: 22px; }
  .mark { width: 34px; height: 34px; border-radius: 50%; border: 3px solid #7ee0c3; position: relative; }
  .mark::after { content: ""; position: absolute; width: 10px; height: 10px; border-radius: 50%; background: #7ee0c3; top: -6px; right: 2px; }
  .name { font-size: 20px; font-weight: 800; letter-spacing: .01em; }
  .badge { margin-left: auto; font-size: 11px; font-weight: 700; text-transform: uppercase; letter-spacing: .08em; background: #fde68a; color: #713f12; padding: 4px 8px; border-radius: 999px; }
  .card { background: #fff; border-radius: 18px; box-shadow: 0 12px 32px rgba(4, 40, 40, .18); padding: 24px 20px; }
  .merchant { font-size: 14px; color: #42605f; margin: 0; }
  .amount { font-size: 36px; font-weight: 800; margin: 4px 0 18px; letter-spacing: -.01em; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 0 0 20px; font-size: 14px; }
  dt { color: #5b7371; } dd { margin: 0; text-align: right; font-weight: 600; overflow-wrap: anywhere; }
  form { display: grid; gap: 10px; }
  button { font: inherit; font-size: 16px; font-weight: 700; padding: 14px; border-radius: 12px; border: 0; cursor: pointer; }
  .approve { background: #0f766e; color: #fff; }
  .decline { background: #fff; color: #0b1f1f; border: 1px solid #b8cfcc; }
  button:focus-visible { outline: 3px solid #5eead4; outline-offset: 2px; }
  .note { color: #5b7371; font-size: 12px; line-height: 1.5; margin: 16px 0 0; }
  .result { text-align: center; }
  .result h1 { font-size: 22px; margin: 0 0 8px; }
  footer { text-align: center; color: #5b7371; font-size: 12px; margin-top: 18px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)} · Orbit</title><style>${STYLE}</style></head><body><main><div class="top"><span class="mark" aria-hidden="true"></span><span class="name">Orbit</span><span class="badge">Sandbox</span></div>${body}<footer>Orbit Payments · a sandbox party of its own, not the casino</footer></main></body></html>`;
}

const amountText = (row: OrbitRow) => {
  const symbol = ({ EUR: '€', USD: '$', GBP: '£' } as Record<string, string>)[row.currency];
  const amount = formatMinor(row.amountMinor, scaleOf(row.currency));
  return symbol ? `${symbol}${amount}` : `${amount} ${row.currency}`;
};

function approvalPage(row: OrbitRow, merchant: string): string {
  return page(
    'Approve payment',
    `<section class="card" aria-labelledby="what">
      <p class="merchant" id="what">Payment to <strong>${escape(merchant)}</strong></p>
      <p class="amount">${escape(amountText(row))}</p>
      <dl>
        <dt>Signed in as</dt><dd>test.customer@orbit.test</dd>
        <dt>Pay from</dt><dd>Orbit balance</dd>
        <dt>Reference</dt><dd>${escape(row.id.slice(0, 12))}</dd>
      </dl>
      <form method="post" action="/sandbox/orbit/approve/${escape(row.id)}">
        <button class="approve" type="submit" name="action" value="approve">Approve ${escape(amountText(row))}</button>
        <button class="decline" type="submit" name="action" value="decline">Decline and go back</button>
      </form>
      <p class="note">Orbit sandbox: no real money moves. Approving sends you back to ${escape(merchant)}, which credits your balance as soon as Orbit confirms it.</p>
    </section>`,
  );
}

const RESULTS: Record<string, [string, string]> = {
  approved: ['Payment approved', 'You can close this page and go back to the casino.'],
  declined: ['Payment declined', 'Nothing was taken from your Orbit balance.'],
  unknown: ['Payment not found', 'This Orbit link is not valid.'],
};

function resultPage(state: string): string {
  const [title, text] = RESULTS[state] ?? RESULTS.unknown!;
  return page(
    title,
    `<section class="card result" role="status"><h1>${escape(title)}</h1><p class="note">${escape(text)}</p></section>`,
  );
}

/** The id in the path (findObject refuses anything not shaped as Orbit's ids). */
const idOf = (params: unknown) => String((params as { id?: unknown }).id ?? '');

/** The customer's pages: approve or decline a checkout, then back to the merchant's address. */
export function orbitPages(orbit: SandboxOrbit) {
  const merchant = orbit.ctx.config.payment.bankTransfer.beneficiary;
  return async (pages: FastifyInstance) => {
    acceptHtmlForms(pages);
    const back = (row: OrbitRow) => (row.state === 'approved' ? row.returnUrl : row.cancelUrl) ?? '/';
    pages.get('/approve/:id', { schema: { hide: true } }, async (request, reply) => {
      const row = await findObject(orbit, idOf(request.params));
      if (!row || row.object !== 'checkout') return sendHtml(reply, resultPage('unknown'), 404);
      if (row.state !== 'open') return sendHtml(reply, resultPage(row.state));
      return sendHtml(reply, approvalPage(row, merchant));
    });
    pages.post('/approve/:id', { schema: { hide: true } }, async (request, reply) => {
      const row = await findObject(orbit, idOf(request.params));
      if (!row || row.object !== 'checkout') return sendHtml(reply, resultPage('unknown'), 404);
      if (row.state !== 'open') return reply.redirect(back(row), 303);
      const approve = (request.body as { action?: string } | undefined)?.action === 'approve';
      const done = await settle(
        orbit,
        row,
        approve ? 'approved' : 'declined',
        approve ? undefined : 'customer_cancelled',
      );
      return reply.redirect(back(done), 303);
    });
  };
}
