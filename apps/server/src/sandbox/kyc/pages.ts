/**
 * The sandbox identity-verification provider's pages (shown in the casino's verification tab, in a
 * sandboxed frame): plain HTML forms, no script. Every value put in the markup is escaped.
 */
import { escapeHtml as escape, hostedPage } from '../html.ts';

export const DOCUMENT_KINDS = {
  passport: 'Passport',
  id_card: 'Identity card',
  driving_licence: 'Driving licence',
} as const;

const header = `<header><div class="brand">Sandbox ID<small>Test identity checks: send any picture</small></div></header>`;
const page = (title: string, body: string) => hostedPage(title, `${header}${body}`);
const action = (path: string, token: string) => `/sandbox/kyc/sdk/${path}?token=${encodeURIComponent(token)}`;

export function documentsPage(token: string, options: { errors?: string[]; retry?: string | null } = {}): string {
  const errors = options.errors?.length
    ? `<ul class="errors" role="alert">${options.errors.map((e) => `<li>${escape(e)}</li>`).join('')}</ul>`
    : '';
  const retry = options.retry
    ? `<p class="errors" role="status">Your last documents were not accepted: ${escape(options.retry)}. Please send new ones.</p>`
    : '';
  const kinds = Object.entries(DOCUMENT_KINDS)
    .map(
      ([id, label], i) =>
        `<label class="choice"><input type="radio" name="documentType" value="${id}"${i === 0 ? ' checked' : ''}> ${escape(label)}</label>`,
    )
    .join('');
  return page(
    'Verify your identity',
    `<h1>Verify your identity</h1>${retry}${errors}
    <form method="post" action="${escape(action('documents', token))}" enctype="multipart/form-data">
      <fieldset><legend>Your document</legend>${kinds}</fieldset>
      <label>Photo of the document (JPEG, PNG or PDF, at most 10 MB)<input type="file" name="document" accept="image/jpeg,image/png,application/pdf" required></label>
      <label>A selfie holding it (JPEG or PNG)<input type="file" name="selfie" accept="image/jpeg,image/png" required></label>
      <button type="submit">Send for review</button>
      <p class="note">The sandbox checks only that each file is a real image or PDF; nothing is kept.</p>
    </form>`,
  );
}

export function pendingPage(token: string): string {
  return page(
    'Checking your documents',
    `<div class="result" role="status"><h1>We are checking your documents</h1><p class="note">This usually takes a few minutes. You can close this and carry on playing: the casino tells you when it is done.</p></div>
    <form method="post" action="${escape(action('review', token))}" class="reviewer">
      <p class="note"><strong>Sandbox reviewer.</strong> On a real provider its staff decide; here you do.</p>
      <label>Reason, when not accepted<input name="comment" maxlength="200" value="The photo is blurred"></label>
      <button type="submit" name="answer" value="GREEN">Approve</button>
      <button type="submit" name="answer" value="RED" class="secondary">Reject</button>
    </form>`,
  );
}

export function verifiedPage(): string {
  return page(
    'Verified',
    `<div class="result" role="status"><h1>You are verified</h1><p class="note">Nothing more to do.</p></div>`,
  );
}

export function expiredPage(): string {
  return page(
    'Link expired',
    `<div class="result" role="alert"><h1>This page has expired</h1><p class="note">Close it and start the verification again from the casino.</p></div>`,
  );
}
