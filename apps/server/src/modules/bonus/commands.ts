import path from 'node:path';
import { z } from 'zod';
import { BONUS_CODE_MESSAGE, BONUS_CODE_PATTERN, bonusDefinitionInputSchema, formatMinor } from '@casino/contracts';
import { unprocessable } from '../../lib/errors.ts';
import { CommandArgsError, answersMessage, opsCommand, readInputFile, readsOn } from '../../lib/ops-command.ts';
import type { UnitOfWorkContext } from '../../outbox/unit-of-work.ts';
import { findGame, grantsFreespins } from '../game/index.ts';
import { contactOf, namesPlayer, playerNaming, playerOf } from '../player/index.ts';
import { subunitOf } from '../settings/index.ts';
import { runCashback } from './cashback.ts';
import { createCode, listCodes } from './codes.ts';
import { issueOffer } from './offer.ts';
import { createDefinition, listDefinitions, setDefinitionEnabled, type BonusRules } from './service.ts';

/** `npm run ops -- bonus …`: bonus definitions and bonuses issued by hand. */
export const opsBonusBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), definition: bonusDefinitionInputSchema }).strict(),
  z.object({ action: z.literal('list') }).strict(),
  z
    .object({
      action: z.literal('code-create'),
      code: z.string().trim().toUpperCase().regex(BONUS_CODE_PATTERN, BONUS_CODE_MESSAGE),
      definition: z.string().min(1).max(120),
      maxUses: z.number().int().min(1).max(100_000_000).optional(),
      maxUsesPerPlayer: z.number().int().min(1).max(1000).optional(),
      availableFrom: z.iso.datetime({ offset: true }).optional(),
      availableTo: z.iso.datetime({ offset: true }).optional(),
      currencies: z
        .array(z.string().regex(/^[A-Z]{3,5}$/))
        .max(50)
        .optional(),
      countries: z
        .array(z.string().regex(/^[A-Z]{2}$/))
        .max(250)
        .optional(),
    })
    .strict(),
  z.object({ action: z.literal('code-list') }).strict(),
  z.object({ action: z.enum(['enable', 'disable']), name: z.string().min(1).max(120) }).strict(),
  z
    .object({
      action: z.literal('issue'),
      ...playerNaming,
      name: z.string().min(1).max(120),
      currency: z.string().min(1).max(10),
    })
    .strict()
    .refine(...namesPlayer),
  z
    .object({
      action: z.literal('cashback'),
      periodStart: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as YYYY-MM-DD')
        .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Not a day')
        .optional(),
    })
    .strict(),
]);
export type OpsBonusBody = z.infer<typeof opsBonusBodySchema>;

/** The definition file the operator names, read and checked on the operator's side. */
export function readDefinitionFile(file: string): z.infer<typeof bonusDefinitionInputSchema> {
  return readInputFile(file, bonusDefinitionInputSchema);
}

const amounts = (values: Record<string, number>) =>
  Object.entries(values)
    .map(([currency, minor]) => `${formatMinor(BigInt(minor), subunitOf(currency))} ${currency}`)
    .join(', ');

/** The one implementation behind `POST /api/admin/commands/bonus` and the CLI's own database access. */
export async function opsBonus(ctx: UnitOfWorkContext, body: OpsBonusBody, rules: BonusRules) {
  switch (body.action) {
    case 'create':
      return createBonusDefinition(ctx, body.definition);
    case 'list':
      return listBonusDefinitions(ctx, rules);
    case 'code-create': {
      const { action: _, code, ...limits } = body;
      const row = await createCode(ctx.db, { code, ...limits });
      return { message: `Created code ${row.code}: ${describeCode(row)}` };
    }
    case 'code-list': {
      const rows = await listCodes(ctx.db);
      if (rows.length === 0)
        return { message: 'No bonus codes yet (npm run ops -- bonus code create <CODE> <definition>).' };
      return { message: rows.map((row) => `${row.code}  ${describeCode(row)}  → "${row.definitionName}"`).join('\n') };
    }
    case 'enable':
    case 'disable':
      await setDefinitionEnabled(ctx.db, body.name, body.action === 'enable');
      return { message: `Bonus "${body.name}" ${body.action}d` };
    case 'issue':
      return issueBonus(ctx, rules, body);
    case 'cashback':
      return payCashback(ctx, rules, body.periodStart);
  }
}

/** `bonus create`: a definition, refused if its free spins are on a game whose aggregator takes no grants. */
async function createBonusDefinition(
  ctx: UnitOfWorkContext,
  definition: z.infer<typeof bonusDefinitionInputSchema>,
): Promise<{ message: string }> {
  const spinsOn = definition.freespins && (await findGame(ctx.db, definition.freespins.game));
  if (spinsOn && !grantsFreespins(spinsOn))
    throw unprocessable(
      `Free spins cannot be granted on ${spinsOn.name}: its aggregator's free spins are not supported`,
      {
        freespins: ['This game’s aggregator takes no free-spin grants'],
      },
    );
  const row = await createDefinition(ctx.db, definition, async (game) => (await findGame(ctx.db, game))?.id ?? null);
  return { message: `Created bonus "${row.name}": ${amounts(row.amounts)}, wagering ×${row.wagerMultiplier}` };
}

/** `bonus list`: each definition with its amounts and terms (the wagering as the rules cap it). */
async function listBonusDefinitions(ctx: UnitOfWorkContext, rules: BonusRules): Promise<{ message: string }> {
  const rows = await listDefinitions(ctx.db);
  if (rows.length === 0) return { message: 'No bonus definitions yet (npm run ops -- bonus create <file>).' };
  return {
    message: rows
      .map(
        (row) =>
          `${row.name}  [${row.enabled ? 'enabled' : 'disabled'}]  ${amounts(row.amounts)}  wagering ×${Math.min(row.wagerMultiplier, rules.maxWagerMultiplier)}` +
          (Object.keys(row.maxBet).length > 0 ? `  max bet ${amounts(row.maxBet)}` : '') +
          (row.onePerPerson ? '  one per person' : ''),
      )
      .join('\n'),
  };
}

/** `bonus issue`: the definition's offer to the player, waiting for them to activate it. */
async function issueBonus(
  ctx: UnitOfWorkContext,
  rules: BonusRules,
  body: Extract<OpsBonusBody, { action: 'issue' }>,
): Promise<{ message: string }> {
  const player = await playerOf(ctx.db, body);
  // Any kind of offer: a bonus, or free spins (type 3).
  const offer = await issueOffer(ctx, rules, {
    playerId: player.id,
    definition: body.name,
    currency: body.currency,
    source: 'ops',
  });
  if (offer.kind === 'freespins') {
    const spins = offer.freespins;
    return {
      message: `Issued "${spins.name}" (${spins.count} free spins at ${formatMinor(spins.stakeMinor, subunitOf(spins.currency))} ${spins.currency}) to ${contactOf(player)}; they wait for activation until ${spins.activationExpiresAt.toISOString()}`,
    };
  }
  const { bonus } = offer;
  return {
    message: `Issued "${bonus.name}" (${formatMinor(bonus.amountMinor, subunitOf(bonus.currency))} ${bonus.currency}) to ${contactOf(player)}; it waits for activation until ${bonus.activationExpiresAt.toISOString()}`,
  };
}

/**
 * `bonus cashback run`: pays now what the job pays on its timer, each account once per period, whoever
 * runs it first.
 */
async function payCashback(
  ctx: UnitOfWorkContext,
  rules: BonusRules,
  periodStart: string | undefined,
): Promise<{ message: string }> {
  const errors: string[] = [];
  const { runs } = await runCashback(ctx, rules, {
    periodStart,
    onError: (err) => errors.push((err as Error).message),
  });
  if (runs.length === 0) return { message: 'No enabled cashback definitions.' };
  return {
    message: runs
      .map(
        (run) =>
          `${run.definition}  ${run.periodStart} to ${run.periodEnd} (exclusive): ${run.issued} issued, ${run.withheld} withheld` +
          (run.failed > 0 ? `, ${run.failed} failed (${errors.slice(0, 3).join('; ')})` : '') +
          (run.busy ? ' — another node is paying this period now; run again to see the rest' : ''),
      )
      .join('\n'),
  };
}

function describeCode(row: Awaited<ReturnType<typeof listCodes>>[number] | Awaited<ReturnType<typeof createCode>>) {
  const parts = [
    `${row.uses}${row.maxUses === null ? '' : `/${row.maxUses}`} used`,
    `${row.maxUsesPerPlayer} per player`,
    row.enabled ? 'enabled' : 'disabled',
  ];
  if (row.availableFrom || row.availableTo)
    parts.push(`${row.availableFrom?.toISOString() ?? '…'} to ${row.availableTo?.toISOString() ?? '…'}`);
  if (row.currencies.length > 0) parts.push(`currencies ${row.currencies.join(',')}`);
  if (row.countries.length > 0) parts.push(`countries ${row.countries.join(',')}`);
  return parts.join(', ');
}

const CODE_USAGE =
  'bonus code needs create <CODE> <definition> [--uses N] [--per-player N] [--from ISO] [--to ISO] [--currencies EUR,USD] [--countries DE,AT] | list';

/** Which option a field of the code's body came from, with the format it wants (the refusal names it). */
const CODE_ARGUMENTS: Record<string, string> = {
  availableFrom: '--from (an ISO date-time, e.g. 2026-12-01T00:00:00Z)',
  availableTo: '--to (an ISO date-time, e.g. 2026-12-31T23:59:59Z)',
  maxUses: '--uses (a whole number)',
  maxUsesPerPlayer: '--per-player (a whole number)',
  currencies: '--currencies (codes, comma-separated)',
  countries: '--countries (two-letter codes, comma-separated)',
};

/** `bonus code create <CODE> <definition> [options] | bonus code list`, as the CLI reads them. */
function parseCodeArgs(rest: string[]): OpsBonusBody {
  const [verb, code, definition, ...flags] = rest;
  if (verb === 'list' && rest.length === 1) return { action: 'code-list' };
  if (verb !== 'create' || !code || !definition || flags.length % 2 !== 0) throw new CommandArgsError(CODE_USAGE);
  const body: Record<string, unknown> = { action: 'code-create', code, definition };
  const list = (value: string) =>
    value
      .split(',')
      .map((v) => v.trim().toUpperCase())
      .filter(Boolean);
  for (let i = 0; i < flags.length; i += 2) {
    const [flag, value] = [flags[i]!, flags[i + 1]!];
    if (flag === '--uses') body.maxUses = Number(value);
    else if (flag === '--per-player') body.maxUsesPerPlayer = Number(value);
    else if (flag === '--from') body.availableFrom = value;
    else if (flag === '--to') body.availableTo = value;
    else if (flag === '--currencies') body.currencies = list(value);
    else if (flag === '--countries') body.countries = list(value);
    else throw new CommandArgsError(`Unknown option ${flag}. ${CODE_USAGE}`);
  }
  const parsed = opsBonusBodySchema.safeParse(body);
  if (!parsed.success)
    throw new CommandArgsError(
      `${parsed.error.issues.map((i) => `${CODE_ARGUMENTS[String(i.path[0])] ?? i.path.join('.')}: ${i.message}`).join('; ')}. ${CODE_USAGE}`,
    );
  return parsed.data;
}

/** A day as the CLI takes it: YYYY-MM-DD, and a real one (not 2026-02-30). */
const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** `bonus cashback run [--period-start YYYY-MM-DD]`; null: not a cashback line. */
function parseCashback(args: string[]): OpsBonusBody | null {
  const [verb, a, b, c] = args;
  if (verb !== 'cashback' || a !== 'run') return null;
  if (args.length === 4 && b === '--period-start' && c && !isDay(c))
    throw new CommandArgsError(
      `--period-start: "${c}" is not a day; expected YYYY-MM-DD (e.g. 2026-11-23), a Monday for a weekly cashback.`,
    );
  if (args.length === 2 || (args.length === 4 && b === '--period-start' && c))
    return { action: 'cashback', ...(c ? { periodStart: c } : {}) };
  return null;
}

/** `bonus create <file.json> | list | enable|disable <name> | code … | issue … | cashback run …`. */
function parseBonus(args: string[]): OpsBonusBody {
  const [verb, a, b, c] = args;
  if (verb === 'create' && a && args.length === 2)
    return { action: 'create', definition: readDefinitionFile(path.resolve(a)) };
  if (verb === 'list' && args.length === 1) return { action: 'list' };
  if ((verb === 'enable' || verb === 'disable') && a && args.length === 2) return { action: verb, name: a };
  if (verb === 'code') return parseCodeArgs(args.slice(1));
  if (verb === 'issue' && a && b && c && args.length === 4) return { action: 'issue', player: a, name: b, currency: c };
  const cashback = parseCashback(args);
  if (cashback) return cashback;
  throw new CommandArgsError(
    'bonus needs create <file.json> | list | enable <name> | disable <name> | issue <player> <name> <currency> | cashback run [--period-start YYYY-MM-DD].',
  );
}

export const bonusCommand = opsCommand({
  word: 'bonus',
  usage: `  bonus create <file.json> | bonus list | bonus enable|disable <name>
      Bonus definitions: create one from a JSON file (name, amounts per currency in minor units,
      wagerMultiplier, maxBet, maxConversion, contributions per game type, excludedGames,
      activationDays, wageringDays, onePerPerson: once for a player and their linked accounts),
      list them, switch one on or off.
  bonus issue <player> <name> <currency>
      Give a player a bonus (or the free spins) of that definition; it waits for the player to activate it.
  bonus code create <CODE> <definition> [--uses N] [--per-player N] [--from ISO] [--to ISO]
      [--currencies EUR,USD] [--countries DE,AT] | bonus code list
      A code players type (bonuses page, sign-up, deposit form) for a bonus of that definition: uses in
      total (default unlimited) and per player (default 1), dates, currencies, countries.
  bonus cashback run [--period-start YYYY-MM-DD]
      Pay now the cashback of the last ended period (or of the period starting that day): each account
      once per period, whichever node or run pays it first.`,
  parse: parseBonus,
  route: 'bonus',
  permission: readsOn('Promotion', ['list', 'code-list']),
  body: opsBonusBodySchema,
  ...answersMessage,
  run: (ctx, body) => opsBonus(ctx, body, ctx.config.bonus),
  argumentOf: {
    periodStart: '--period-start',
    availableFrom: '--from',
    availableTo: '--to',
    maxUses: '--uses',
    maxUsesPerPlayer: '--per-player',
    currencies: '--currencies',
    countries: '--countries',
  },
});
