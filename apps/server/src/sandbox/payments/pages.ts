/**
 * The sandbox provider's hosted pages (shown in the casino's wallet, in an iframe): plain HTML forms,
 * no script. Every value put in the markup is escaped.
 */
import { escapeHtml as escape, hostedPage } from '../html.ts';

const page = hostedPage;

const header = (amount: string) =>
  `<header><div class="brand">Sandbox Pay<small>Test payments: no real money moves</small></div><div class="amount">${escape(amount)}</div></header>`;

export function checkoutPage(id: string, amount: string, errors: string[] = []): string {
  const list = errors.length
    ? `<ul class="errors" role="alert">${errors.map((e) => `<li>${escape(e)}</li>`).join('')}</ul>`
    : '';
  return page(
    'Pay by card',
    `${header(amount)}${list}
    <form method="post" action="/sandbox/pay/checkout/${escape(id)}" autocomplete="on">
      <label>Card number<input name="number" inputmode="numeric" autocomplete="cc-number" required maxlength="23" placeholder="4242 4242 4242 4242"></label>
      <div class="row">
        <label>Expiry (MM/YY)<input name="expiry" inputmode="numeric" autocomplete="cc-exp" required maxlength="7" placeholder="12/30"></label>
        <label>Security code<input name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4" placeholder="123"></label>
      </div>
      <label>Name on card<input name="name" autocomplete="cc-name" maxlength="100"></label>
      <button type="submit">Pay ${escape(amount)}</button>
      <p class="note">Test cards: 4242 4242 4242 4242 and 5555 5555 5555 4444 succeed, 4000 0000 0000 0002 is declined, 4000 0000 0000 0069 is expired, 4000 0000 0000 3220 asks for 3-D Secure. Any future expiry, any 3 digits.</p>
    </form>`,
  );
}

export function challengePage(id: string, amount: string): string {
  return page(
    '3-D Secure',
    `${header(amount)}
    <h1>Confirm this payment</h1>
    <p class="note">Your bank asks you to confirm the payment of ${escape(amount)}.</p>
    <form method="post" action="/sandbox/pay/checkout/${escape(id)}/challenge">
      <button type="submit" name="action" value="approve">Approve</button>
      <button type="submit" name="action" value="fail" class="secondary">Fail authentication</button>
    </form>`,
  );
}

export function walletPage(id: string, amount: string): string {
  return page(
    'Sandbox Wallet',
    `${header(amount)}
    <h1>Pay with your Sandbox Wallet</h1>
    <p class="note">Signed in as a test customer with enough balance. Paying takes you back to the casino.</p>
    <form method="post" action="/sandbox/pay/ewallet/${escape(id)}">
      <button type="submit" name="action" value="pay">Pay ${escape(amount)}</button>
      <button type="submit" name="action" value="cancel" class="secondary">Cancel and go back</button>
    </form>`,
  );
}

export function qrPayPage(id: string, amount: string): string {
  return page(
    'Pay by QR',
    `${header(amount)}
    <h1>Confirm in your bank app</h1>
    <p class="note">This page stands for the payer's bank app after scanning the code.</p>
    <form method="post" action="/sandbox/pay/qr/${escape(id)}">
      <button type="submit">Pay ${escape(amount)}</button>
    </form>`,
  );
}

export function cryptoFaucetPage(id: string, currency: string, address: string, tag: string | undefined): string {
  return page(
    'Send a test transfer',
    `${header(currency)}
    <h1>Send a test transfer</h1>
    <p class="note">Development only: this stands for another wallet sending ${escape(currency)} to <code>${escape(address)}</code>${tag ? ` with destination tag ${escape(tag)}` : ''}. It is credited once it has its confirmations.</p>
    <form method="post" action="/sandbox/pay/crypto/${escape(id)}">
      <label>Amount (${escape(currency)})<input name="amount" inputmode="decimal" required value="0.01"></label>
      <button type="submit">Send</button>
    </form>`,
  );
}

const RESULTS: Record<string, [string, string]> = {
  sent: ['Transfer sent', 'The casino sees it now and credits it once it has its confirmations.'],
  succeeded: ['Payment approved', 'You can go back to the casino: your balance is being updated.'],
  failed: ['Payment declined', 'Nothing was charged. Try another card or method.'],
  pending: ['Payment pending', 'We are waiting for your bank.'],
  unknown: ['Payment not found', 'This payment link is not valid.'],
};

export function resultPage(status: string): string {
  const [title, text] = RESULTS[status] ?? RESULTS.unknown!;
  return page(
    title,
    `<div class="result" role="status"><h1>${escape(title)}</h1><p class="note">${escape(text)}</p></div>`,
  );
}
