import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode } from '@casino/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { overBudget, type AttemptCounter } from '../../lib/attempts.ts';
import { DomainError } from '../../lib/errors.ts';
import { withTransaction } from '../../outbox/index.ts';
import type { UnitOfWorkContext } from '../../outbox/unit-of-work.ts';
import { sendMessage } from '../messages/index.ts';
import { issueCode, newDigitCode, spendTriedCode, tryTypedCode } from './codes.ts';
import { wrongCode } from './phone.ts';

/**
 * The way through a paused sign-in. Every try during the pause (from a browser not trusted for the
 * account) is answered alike: 429 with a fresh `challenge`. Only when the password was right does the
 * account's owner get a six-digit code for that challenge, by e-mail (or SMS for a phone-only account),
 * sent after the answer so its time tells nothing. The code is worth something only with its challenge
 * (a guesser's challenges have no code behind them, and their wrong guesses cannot spend the owner's),
 * for 10 minutes and 5 tries; an account is sent at most 3 codes in 15 minutes.
 */
export const SIGN_IN_CODE = { ttlSec: 10 * 60, maxAttempts: 5, sends: { max: 3, windowSec: 15 * 60 } } as const;

export const newChallenge = () => randomBytes(24).toString('base64url');
/** A challenge is kept only as its hash (the code's target); its code's hash is keyed by it too. */
const targetOf = (challenge: string) => createHash('sha256').update(challenge).digest('hex');
const keyed = (challenge: string, code: string) => `${challenge}:${code}`;

/** The answer to any try during the pause: the pause's 429 (`Retry-After`), with the challenge. */
export const challengeAnswer = (seconds: number, challenge: string) =>
  new DomainError(
    ErrorCode.signInChallenge,
    `Too many failed sign-ins: signing in to this account is paused for ${Math.ceil(seconds / 60)} min. If the password was right, we have sent a code to the account's e-mail address or phone: enter it to sign in now. You can also reset your password.`,
    undefined,
    { retryAfterSec: Math.max(1, seconds), challenge },
  );

type Owner = { id: string; email: string | null; phone: string | null; locale: string | null };

/** Sends the owner a code for `challenge` (the password was right), unless 3 went out in 15 minutes. */
export async function sendSignInCode(
  ctx: UnitOfWorkContext,
  attempts: AttemptCounter,
  owner: Owner,
  challenge: string,
  publicUrl: string,
): Promise<void> {
  const to = owner.email ?? owner.phone;
  if (!to) return;
  if (await overBudget(attempts, `signin-code-send:${owner.id}`, SIGN_IN_CODE.sends)) return;
  const code = newDigitCode();
  await withTransaction(ctx, async (tx) => {
    await issueCode(tx, {
      playerId: owner.id,
      purpose: 'sign_in',
      target: targetOf(challenge),
      code: keyed(challenge, code),
      ttlSec: SIGN_IN_CODE.ttlSec,
    });
    await sendMessage(tx, {
      channel: owner.email ? 'email' : 'sms',
      to,
      template: 'signInCode',
      locale: owner.locale ?? 'en',
      params: { code, minutes: SIGN_IN_CODE.ttlSec / 60, link: `${publicUrl}/?forgot-pass` },
    });
  });
}

/**
 * Takes a try at the code of `challenge` (outside the transaction that spends it, so a refused use
 * still counts): the code's id, or 11003.
 */
export async function tryChallenge(db: DbOrTx, challenge: string, code: string): Promise<string> {
  const id = await tryTypedCode(db, 'sign_in', targetOf(challenge), keyed(challenge, code), SIGN_IN_CODE.maxAttempts);
  if (!id) throw wrongCode();
  return id;
}

/** Spends a code `tryChallenge` accepted: the player it was sent for; 11003 if a racer spent it first. */
export async function spendChallenge(tx: DbOrTx, id: string): Promise<string> {
  const used = await spendTriedCode(tx, id);
  if (!used?.playerId) throw wrongCode();
  return used.playerId;
}
