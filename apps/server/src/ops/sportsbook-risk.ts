import { z } from 'zod';
import { formatMinor, toMinor } from '@casino/contracts';
import { fieldError } from '../lib/errors.ts';
import type { UnitOfWorkContext } from '../outbox/unit-of-work.ts';
import {
  addRestriction,
  listRestrictions,
  listStakeLimits,
  removeRestriction,
  setStakeLimit,
} from '../modules/game/index.ts';
import { currencyByCode } from '../modules/settings/index.ts';
import { accountCurrency } from '../modules/wallet/index.ts';

/**
 * `npm run ops -- sportsbook limits | limits set | restrict | unrestrict | restrictions`: the casino's
 * risk rules on sports bets (the wallet enforces them on every ticket). The sandbox provider's own
 * commands (settle, void, clock, events) live beside it, not here.
 */
export const SPORTSBOOK_RISK_USAGE = `  sportsbook limits | sportsbook limits set <currency> <maxBet|-> <maxEvent|->
      The maximum stake per sports ticket and per event (a player's open tickets on it together), per
      currency, in major units; - for none (both -: no maximum in that currency).
  sportsbook restrictions | sportsbook restrict|unrestrict <country|*> sport|event <ref>
      Sports (by slug, e.g. football) or events (the provider's event id) not taken in a country
      (ISO code; * for every country): a ticket on one is refused (14306).`;

const amount = z.string().max(40).nullable();
const country = z.string().regex(/^([A-Z]{2}|\*)$/, 'A two-letter country code, or * for every country');
const restriction = {
  country,
  kind: z.enum(['sport', 'event']),
  ref: z
    .string()
    .min(1)
    .max(100)
    .regex(/^\S+$/, 'A sport slug or an event id, without spaces')
    .refine((ref) => !ref.includes('\0'), 'No NUL characters'),
};

export const opsSportsbookRiskBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('limits') }).strict(),
  z
    .object({ action: z.literal('limits-set'), currency: z.string().min(1).max(10), maxBet: amount, maxEvent: amount })
    .strict(),
  z.object({ action: z.literal('restrictions') }).strict(),
  z.object({ action: z.literal('restrict'), ...restriction }).strict(),
  z.object({ action: z.literal('unrestrict'), ...restriction }).strict(),
]);
export type OpsSportsbookRiskBody = z.infer<typeof opsSportsbookRiskBodySchema>;

/** The CLI's arguments after `sportsbook`, or null when they are not one of these commands. */
export function parseSportsbookRiskArgs(rest: string[]): OpsSportsbookRiskBody | null {
  const [verb, a, b, c, d] = rest;
  if (verb === 'limits' && rest.length === 1) return { action: 'limits' };
  if (verb === 'limits' && a === 'set' && b && c && d && rest.length === 5)
    return {
      action: 'limits-set',
      currency: b.toUpperCase(),
      maxBet: c === '-' ? null : c,
      maxEvent: d === '-' ? null : d,
    };
  if (verb === 'restrictions' && rest.length === 1) return { action: 'restrictions' };
  if ((verb === 'restrict' || verb === 'unrestrict') && a && (b === 'sport' || b === 'event') && c && rest.length === 4)
    return { action: verb, country: a.toUpperCase(), kind: b, ref: c };
  return null;
}

function minorOf(value: string | null, currency: string, field: string): bigint | null {
  if (value === null) return null;
  const { subunitToUnit } = accountCurrency(currency);
  const minor = toMinor(value, subunitToUnit);
  if (minor === null || minor <= 0n) throw fieldError(field, `${value} is not a positive amount of ${currency}`);
  return minor;
}

const money = (minor: bigint | null, currency: string) =>
  minor === null ? 'none' : `${formatMinor(minor, currencyByCode(currency)?.subunitToUnit ?? 100)} ${currency}`;

/** The one implementation behind `POST /api/ops/sportsbook-risk` and the CLI's own database access. */
export async function opsSportsbookRisk(ctx: UnitOfWorkContext, body: OpsSportsbookRiskBody) {
  switch (body.action) {
    case 'limits': {
      const rows = await listStakeLimits(ctx.db);
      if (rows.length === 0) return { message: 'No maximum stakes on sports bets.' };
      return {
        message: rows
          .map(
            (r) =>
              `${r.currency}  per ticket ${money(r.maxBetMinor, r.currency)}  per event ${money(r.maxEventMinor, r.currency)}`,
          )
          .join('\n'),
      };
    }
    case 'limits-set': {
      const { code } = accountCurrency(body.currency);
      const maxBetMinor = minorOf(body.maxBet, code, 'maxBet');
      const maxEventMinor = minorOf(body.maxEvent, code, 'maxEvent');
      await setStakeLimit(ctx.db, { currency: code, maxBetMinor, maxEventMinor });
      return {
        message: `Sports bets in ${code}: at most ${money(maxBetMinor, code)} per ticket, ${money(maxEventMinor, code)} per event`,
      };
    }
    case 'restrictions': {
      const rows = await listRestrictions(ctx.db);
      if (rows.length === 0) return { message: 'No restricted sports or events.' };
      return { message: rows.map((r) => `${r.country}  ${r.kind}  ${r.ref}`).join('\n') };
    }
    case 'restrict': {
      const added = await addRestriction(ctx.db, body);
      const where = body.country === '*' ? 'in any country' : `in ${body.country}`;
      return {
        message: added
          ? `No bets on ${body.kind} ${body.ref} ${where} from now on`
          : `${body.kind} ${body.ref} was already restricted ${where}`,
      };
    }
    case 'unrestrict': {
      const removed = await removeRestriction(ctx.db, body);
      const where = body.country === '*' ? 'for every country' : `in ${body.country}`;
      return {
        message: removed
          ? `Bets on ${body.kind} ${body.ref} are taken again ${where} (other rules may still apply)`
          : `${body.kind} ${body.ref} was not restricted ${where}`,
      };
    }
  }
}
