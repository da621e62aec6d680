import { z } from 'zod';
import { ErrorCode, formatMinor, toMinor } from '@casino/contracts';
import type { Config } from '../../config.ts';
import { DomainError, fieldError, notFound } from '../../lib/errors.ts';
import { CommandArgsError, answersMessage, opsCommand, readsOn } from '../../lib/ops-command.ts';
import type { UnitOfWorkContext } from '../../outbox/unit-of-work.ts';
import { BASE_CURRENCY, currencyByCode } from '../settings/index.ts';
import { providerCatalogue, type SportsbookCatalogue } from './provider-catalogue.ts';
import {
  addRestriction,
  listRestrictions,
  readStakeRule,
  removeRestriction,
  setStakeRule,
  stakeLimitsIn,
} from './risk.ts';

/**
 * `npm run ops -- sportsbook limits | limits set | restrict | unrestrict | restrictions`: the casino's
 * risk rules on sports bets (the wallet enforces them on every ticket). The sandbox provider's own
 * commands (settle, void, clock, events) live beside it, not here.
 */
const SPORTSBOOK_RISK_USAGE = `  sportsbook limits | sportsbook limits set <maxBet> <maxEvent>
      The maximum stake per sports ticket and per event (a player's open tickets on it together, in every
      currency), set once in ${BASE_CURRENCY} (major units, e.g. 500 1000); every currency is bounded by them
      at its rate, rounded down. Until they are set, no sports ticket is taken.
  sportsbook restrictions | sportsbook restrict|unrestrict <country|*> sport|event <ref>
      Sports (by slug, e.g. football) or events (the provider's event id) not taken in a country
      (ISO code; * for every country): a ticket on one is refused (14306). A restriction must name a
      sport or an event the sportsbook offers (checked with its catalogue).`;

const baseAmount = z
  .string()
  .min(1)
  .max(40)
  .regex(/^\d{1,13}(\.\d+)?$/, `An amount in ${BASE_CURRENCY} in major units, e.g. 500 or 12.50`);
const country = z.string().regex(/^([A-Z]{2}|\*)$/, 'A two-letter country code (e.g. DE), or * for every country');
const restriction = {
  country,
  kind: z.enum(['sport', 'event'], { message: 'sport or event' }),
  ref: z
    .string()
    .min(1, 'A sport slug or an event id')
    .max(100, 'At most 100 characters')
    .regex(/^\S+$/, 'A sport slug or an event id, without spaces')
    .refine((ref) => !ref.includes('\0'), 'No NUL characters'),
};

export const opsSportsbookRiskBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('limits') }).strict(),
  z.object({ action: z.literal('limits-set'), maxBet: baseAmount, maxEvent: baseAmount }).strict(),
  z.object({ action: z.literal('restrictions') }).strict(),
  z.object({ action: z.literal('restrict'), ...restriction }).strict(),
  z.object({ action: z.literal('unrestrict'), ...restriction }).strict(),
]);
export type OpsSportsbookRiskBody = z.infer<typeof opsSportsbookRiskBodySchema>;

/**
 * The CLI's arguments after `sportsbook`, checked as the server checks them; null when they are not a
 * risk command at all (the provider's commands, or nothing known); CommandArgsError when they are one
 * but say something wrong (what is wrong, in words).
 */
export function parseSportsbookRiskArgs(rest: string[]): OpsSportsbookRiskBody | null {
  const [verb, a, b, c] = rest;
  let body: unknown;
  if (verb === 'limits' && rest.length === 1) body = { action: 'limits' };
  else if (verb === 'limits' && a === 'set') {
    if (rest.length === 5 && b && /^[A-Za-z]{3,5}$/.test(b))
      throw new CommandArgsError(
        `The maximums are set once, in ${BASE_CURRENCY}, and bound every currency at its rate: ` +
          `sportsbook limits set <maxBet> <maxEvent> (e.g. sportsbook limits set 500 1000).`,
      );
    if (rest.length !== 4)
      throw new CommandArgsError(
        `sportsbook limits set needs <maxBet> <maxEvent> in ${BASE_CURRENCY} (e.g. sportsbook limits set 500 1000).`,
      );
    body = { action: 'limits-set', maxBet: b, maxEvent: c };
  } else if (verb === 'restrictions' && rest.length === 1) body = { action: 'restrictions' };
  else if (verb === 'restrict' || verb === 'unrestrict') {
    if (rest.length !== 4)
      throw new CommandArgsError(
        `sportsbook ${verb} needs <country|*> sport|event <ref>, e.g. sportsbook ${verb} DE sport football ` +
          `or sportsbook ${verb} * event fb-1042.`,
      );
    body = { action: verb, country: a!.toUpperCase(), kind: b, ref: c };
  } else return null;
  const parsed = opsSportsbookRiskBodySchema.safeParse(body);
  if (!parsed.success)
    throw new CommandArgsError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'command'}: ${issue.message}`).join('\n'),
    );
  return parsed.data;
}

/**
 * The sportsbook's catalogue the restrictions are checked against: the sandbox's own (`sandbox`, read in
 * this process, so the command works whether a server runs or not), a provider's public read, or null:
 * no sportsbook.
 */
export function sportsbookCatalogueOf(
  config: Pick<Config, 'sportsbook'>,
  sandbox: SportsbookCatalogue,
): SportsbookCatalogue | null {
  const sportsbook = config.sportsbook;
  if (!sportsbook) return null;
  return sportsbook.sandbox ? sandbox : providerCatalogue(sportsbook.host);
}

function baseMinorOf(value: string, field: string): bigint {
  const minor = toMinor(value, currencyByCode(BASE_CURRENCY)!.subunitToUnit);
  if (minor === null || minor <= 0n)
    throw fieldError(field, `${value} is not a positive amount of ${BASE_CURRENCY} (at most two decimals)`);
  return minor;
}

const money = (minor: bigint | null, currency: string) =>
  minor === null ? 'none' : `${formatMinor(minor, currencyByCode(currency)?.subunitToUnit ?? 100)} ${currency}`;

/** The one implementation behind `POST /api/admin/commands/sportsbook-risk` and the CLI's own database access. */
export async function opsSportsbookRisk(
  ctx: UnitOfWorkContext,
  body: OpsSportsbookRiskBody,
  catalogue: SportsbookCatalogue | null,
) {
  switch (body.action) {
    case 'limits': {
      const rule = await readStakeRule(ctx.db);
      if (!rule)
        return {
          message:
            'No maximum stakes are set: every sports ticket is refused until they are ' +
            `(sportsbook limits set <maxBet> <maxEvent>, in ${BASE_CURRENCY}).`,
        };
      const lines = [...(await stakeLimitsIn(ctx.db))].map(([code, limits]) => {
        if (limits.maxBetMinor === null) return `${code}  no rate: sports tickets refused`;
        return `${code}  per ticket ${money(limits.maxBetMinor, code)}  per event ${money(limits.maxEventMinor, code)}`;
      });
      return {
        message: [
          `Per ticket ${money(rule.maxBetMinor, BASE_CURRENCY)}, per event ${money(rule.maxEventMinor, BASE_CURRENCY)} ` +
            '(a player’s open tickets on it, in every currency); in each currency at its rate, rounded down:',
          ...lines.map((line) => `  ${line}`),
        ].join('\n'),
      };
    }
    case 'limits-set': {
      const maxBetMinor = baseMinorOf(body.maxBet, 'maxBet');
      const maxEventMinor = baseMinorOf(body.maxEvent, 'maxEvent');
      await setStakeRule(ctx.db, { maxBetMinor, maxEventMinor });
      return {
        message:
          `Sports bets: at most ${money(maxBetMinor, BASE_CURRENCY)} per ticket and ${money(maxEventMinor, BASE_CURRENCY)} ` +
          'per event, every currency at its rate',
      };
    }
    case 'restrictions': {
      const rows = await listRestrictions(ctx.db);
      if (rows.length === 0) return { message: 'No restricted sports or events.' };
      return { message: rows.map((r) => `${r.country}  ${r.kind}  ${r.ref}`).join('\n') };
    }
    case 'restrict': {
      if (!catalogue) throw notFound('There is no sportsbook (SPORTSBOOK_CLIENT_HOST is unset): nothing to restrict');
      const found = await catalogue(body.kind, body.ref);
      if (found.kind === 'unreachable')
        throw new DomainError(
          ErrorCode.gameProviderUnavailable,
          `Could not check ${body.kind} ${body.ref} with the sportsbook (${found.reason}): nothing was restricted; try again`,
        );
      if (found.kind === 'unknown')
        throw fieldError(
          'ref',
          body.kind === 'sport'
            ? `The sportsbook has no sport "${body.ref}"${found.sports ? ` (its sports: ${found.sports.join(', ')})` : ''}`
            : `The sportsbook has no event "${body.ref}" (an event id as the sportsbook names it, e.g. from sportsbook events)`,
        );
      const added = await addRestriction(ctx.db, body);
      const where = body.country === '*' ? 'in any country' : `in ${body.country}`;
      return {
        message: added
          ? `No bets on ${body.kind} ${body.ref} (${found.name}) ${where} from now on`
          : `${body.kind} ${body.ref} (${found.name}) was already restricted ${where}`,
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

/** The risk commands; `sandboxCatalogue` answers for the sandbox sportsbook (the composition root's). */
export const sportsbookRiskCommand = (sandboxCatalogue: SportsbookCatalogue) =>
  opsCommand({
    word: 'sportsbook',
    usage: SPORTSBOOK_RISK_USAGE,
    parse: parseSportsbookRiskArgs,
    route: 'sportsbook-risk',
    permission: readsOn('Sportsbook', ['limits', 'restrictions']),
    body: opsSportsbookRiskBodySchema,
    ...answersMessage,
    run: (ctx, body) => opsSportsbookRisk(ctx, body, sportsbookCatalogueOf(ctx.config, sandboxCatalogue)),
  });
