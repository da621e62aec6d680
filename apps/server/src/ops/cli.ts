/**
 * Operator CLI: `npm run ops -- <command> …` (from the repository root).
 *
 * How it reaches the data, in order: with DATABASE_URL it opens the shared database itself; else, if
 * a running server left DATA_DIR/ops-endpoint.json, it asks that server over loopback (the embedded
 * database can only be open in one process); else it locks DATA_DIR and opens the embedded database.
 * Payment commands always go to a running server on this machine (every server writes the file, on
 * every topology): it holds the provider connection.
 */
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { DataDirLockedError, isAlive, lockDataDir } from '../db/lock.ts';
import { DomainError } from '../lib/errors.ts';
import { opsEndpointFile, readOpsEndpoint, type OpsEndpoint } from '../lib/secrets.ts';
import { z } from 'zod';
import { mailboxEntrySchema, type MailboxEntry } from '@casino/contracts';
import { describeMailbox, opsMailbox, type OpsMailboxBody } from './mailbox.ts';
import { opsDocuments, type OpsDocumentsBody } from './documents.ts';
import { describeEvents, opsEvents, opsEventsResultSchema, type OpsEventsBody } from './events.ts';
import { opsMessage, opsSupport, type OpsMessageBody, type OpsSupportBody } from './messaging.ts';
import { describeAutologin, opsAutologin, opsAutologinResultSchema, type OpsAutologinBody } from './autologin.ts';
import {
  describeInvoices,
  opsInvoiceSchema,
  type OpsCryptoSendBody,
  type OpsInvoiceBody,
  type OpsWithdrawalCreateBody,
} from './payments.ts';
import type { UnitOfWorkContext } from '../outbox/unit-of-work.ts';
import { describeCredit, opsCredit, opsCreditResultSchema, type OpsCreditBody } from './credit.ts';
import { opsBonus, parseCodeArgs, readDefinitionFile, type OpsBonusBody } from './bonus.ts';
import { opsTournament, readTournamentFile, type OpsTournamentBody } from './tournament.ts';
import { opsQuest, readQuestFile, type OpsQuestBody } from './quests.ts';
import { opsLoyalty, readLevelsFile, type OpsLoyaltyBody } from './loyalty.ts';
import { opsPlayer, type OpsPlayerBody } from './player.ts';
import {
  opsSportsbookRisk,
  parseSportsbookRiskArgs,
  sportsbookCatalogueOf,
  SportsbookRiskArgsError,
  SPORTSBOOK_RISK_USAGE,
  type OpsSportsbookRiskBody,
} from './sportsbook-risk.ts';
import {
  opsSportsbookProvider,
  parseSportsbookProviderArgs,
  SPORTSBOOK_PROVIDER_USAGE,
  type OpsSportsbookProviderBody,
} from './sportsbook-provider.ts';
import {
  MAX_EXCLUSION_DAYS,
  opsExclude,
  opsGame,
  opsLimit,
  opsMessageSchema,
  opsContent,
  type OpsContentBody,
  type OpsExcludeBody,
  type OpsGameBody,
  type OpsLimitBody,
} from './play-controls.ts';

const USAGE = `Usage: npm run ops -- <command>

Commands:
  credit <player> <amount> <currency> [--reference <text>]
      Credit real money to a player's account in that currency (opened if missing).
      Amount in major units, e.g. 25 or 0.0015. The same --reference never credits twice.
  limit <player> bet|loss|deposit <amount> <currency> daily|weekly|monthly
      Set a player's bet, loss or deposit limit for that currency and period (UTC calendar); applies
      at once and replaces the one of the same kind.
  withdrawals list | withdrawals approve <invoice> | withdrawals decline <invoice>
      Pending withdrawals (player, verification, amount, method, age); send one to the payment
      provider, or decline it (the money goes back).
  withdrawals create <player> <amount> <currency> [--method <method>]
      Request a withdrawal for the player (e.g. during an exclusion) to the method and payout details of
      their latest withdrawal (by that method with --method); it waits for approval like any other.
  deposits list | deposits confirm <reference>
      Bank transfers waiting to arrive (reference, player, amount, age); one arrived: credit it
      (its reference, e.g. DEP-11, as the player wrote it on the transfer).
  content import <dir>
      Load content pages from a folder laid out as <locale>/<static|question|bonus>/<identity>.md.
  crypto send <address> <amount>
      Development: the sandbox provider sees a transfer to that deposit address (XRP: <address>?dt=<tag>),
      credited after CRYPTO_CONFIRM_SECONDS.
      (Payment commands need the running server: approving talks to the payment provider.)
  exclude <player> self-exclusion|cooling-off <days>
      Exclude a player from real-money play for that many days; closes their live game sessions.
  autologin <player> [--redirect <path>]
      Print a one-time sign-in link for the player (valid 10 minutes, once), e.g. for support.
  player links <player>
      The player's linked accounts (duplicate-account signal), each with why: a browser both signed in
      from, a card, IBAN or crypto address both used, or one verified identity (name and birth date or
      ID number). A bonus definition with "onePerPerson" counts linked accounts as one person.
  documents list | documents approve <id> | documents reject <id> [reason…]
      Identity documents waiting for review; approve or reject one (the player sees it at once).
  mailbox <email|phone>
      The latest messages (e-mail, SMS) to that address or number: codes and links, when no SMTP_URL is set.
  game disable|enable <identity>
      Switch a game off (hidden, cannot start, bets in open sessions refused) or on again.
  message <player|all> <title> <body…>
      A message in the player's notifications (every player's with all), pushed to open tabs at once.
  support list | support reply <player> <text…>
      Live chats waiting for an answer and the latest contact-form messages; answer a player's chat.
  bonus create <file.json> | bonus list | bonus enable|disable <name>
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
  tournament create <file.json> | tournament list | tournament start|end <identity>
      Tournaments: create one from a JSON file (identity, title, scoring win|multiplier|stake, minStake,
      games, collections, prizes by place, startAt, endAt, recurrence daily + series), list them, start
      an upcoming one now, or end one now (its prizes are paid at once, each place once).
  bonus cashback run [--period-start YYYY-MM-DD]
      Pay now the cashback of the last ended period (or of the period starting that day): each account
      once per period, whichever node or run pays it first.
  quest create <file.json> | quest list | quest enable|disable <identity>
      Quest definitions (identity, name, tasks, rewards; task types in modules/quests/tables.ts).
  quest issue <player> <identity>
      Give a player a quest; it waits for the player to start it.
  loyalty levels | loyalty levels set <file.json>
      Loyalty levels: list them, or set them from a JSON file (an array of {name, points, rewardBonus?}
      in order, the first at 0 points; rewardBonus names a bonus definition paid once per player).
  loyalty rates | loyalty rates set <gameType> <points> <perMinor>
      Points a settled real-money stake earns per game type: <points> per <perMinor> minor units of the
      base currency (0 points: none).
  loyalty account <player>
      A player's loyalty points and level.
${SPORTSBOOK_RISK_USAGE}
${SPORTSBOOK_PROVIDER_USAGE}
  events [list] | events show <id> | events retry <id> | events skip <id>
      Each consumer of the domain events: how many events it is behind, its failures, when it retries
      and its last error; then the events a consumer parked (it failed on one again and again for over a
      minute, and went on past it). Show one whole (payload, error); once its cause is fixed, hand it to
      its consumer again (retry), or leave it undelivered (skip).
  help
      Show this text.

<player> is an e-mail address, a phone number with its country code (+49 151 1234 5678, 0049-151-…;
matched as E.164) or the player's id (the short number lists show, or the uuid).

Environment: the server's (DATA_DIR, DATABASE_URL, …).`;

class CliError extends Error {}

type Parsed =
  | { command: 'help' }
  | { command: 'credit'; body: OpsCreditBody }
  | { command: 'limit'; body: OpsLimitBody }
  | { command: 'exclude'; body: OpsExcludeBody }
  | { command: 'game'; body: OpsGameBody }
  | { command: 'invoices'; body: OpsInvoiceBody }
  | { command: 'withdrawal-create'; body: OpsWithdrawalCreateBody }
  | { command: 'crypto'; body: OpsCryptoSendBody }
  | { command: 'content'; body: OpsContentBody }
  | { command: 'mailbox'; body: OpsMailboxBody }
  | { command: 'autologin'; body: OpsAutologinBody }
  | { command: 'player'; body: OpsPlayerBody }
  | { command: 'documents'; body: OpsDocumentsBody }
  | { command: 'message'; body: OpsMessageBody }
  | { command: 'support'; body: OpsSupportBody }
  | { command: 'events'; body: OpsEventsBody }
  | { command: 'tournament'; body: OpsTournamentBody }
  | { command: 'bonus'; body: OpsBonusBody }
  | { command: 'quest'; body: OpsQuestBody }
  | { command: 'loyalty'; body: OpsLoyaltyBody }
  | { command: 'sportsbook-risk'; body: OpsSportsbookRiskBody }
  | { command: 'sportsbook-provider'; body: OpsSportsbookProviderBody };

const COMMANDS = [
  'credit',
  'limit',
  'exclude',
  'game',
  'withdrawals',
  'deposits',
  'crypto',
  'content',
  'mailbox',
  'autologin',
  'player',
  'documents',
  'message',
  'support',
  'events',
  'bonus',
  'tournament',
  'quest',
  'loyalty',
  'sportsbook',
] as const;

function parseCredit(rest: string[]): Parsed {
  const positional: string[] = [];
  let reference: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--reference') reference = rest[++i];
    else if (arg.startsWith('--reference=')) reference = arg.slice('--reference='.length);
    else if (arg.startsWith('--')) throw new CliError(`Unknown option ${arg}.\n\n${USAGE}`);
    else positional.push(arg);
  }
  const [player, amount, currency] = positional;
  if (!player || !amount || !currency || positional.length > 3 || reference === '') {
    throw new CliError(`credit needs <player> <amount> <currency>.\n\n${USAGE}`);
  }
  return { command: 'credit', body: { player, amount, currency, ...(reference ? { reference } : {}) } };
}

function parseLimit(rest: string[]): Parsed {
  const [player, type, amount, currency, period] = rest;
  if (
    rest.length !== 5 ||
    !player ||
    !amount ||
    !currency ||
    (type !== 'bet' && type !== 'loss' && type !== 'deposit') ||
    (period !== 'daily' && period !== 'weekly' && period !== 'monthly')
  ) {
    throw new CliError(`limit needs <player> bet|loss|deposit <amount> <currency> daily|weekly|monthly.\n\n${USAGE}`);
  }
  return { command: 'limit', body: { player, type, amount, currency, period } };
}

function parseExclude(rest: string[]): Parsed {
  const [player, type, daysText] = rest;
  const days = Number(daysText);
  if (
    rest.length !== 3 ||
    !player ||
    (type !== 'self-exclusion' && type !== 'cooling-off') ||
    !/^\d+$/.test(daysText ?? '') ||
    days < 1 ||
    days > MAX_EXCLUSION_DAYS
  ) {
    throw new CliError(
      `exclude needs <player> self-exclusion|cooling-off <days> (1 to ${MAX_EXCLUSION_DAYS}).\n\n${USAGE}`,
    );
  }
  return { command: 'exclude', body: { player, type, days } };
}

function parseGame(rest: string[]): Parsed {
  const [action, identity] = rest;
  if (rest.length !== 2 || !identity || (action !== 'disable' && action !== 'enable')) {
    throw new CliError(`game needs disable|enable <identity>.\n\n${USAGE}`);
  }
  return { command: 'game', body: { identity, enabled: action === 'enable' } };
}

function parseInvoices(command: 'withdrawals' | 'deposits', rest: string[]): Parsed {
  const [verb, invoice] = rest;
  if (command === 'withdrawals' && verb === 'create') {
    const [, player, amount, currency, flag, method] = rest;
    const valid = rest.length === 4 || (rest.length === 6 && flag === '--method' && method);
    if (player && amount && currency && valid)
      return { command: 'withdrawal-create', body: { player, amount, currency, ...(method ? { method } : {}) } };
  }
  if (command === 'withdrawals' && verb === 'list' && rest.length === 1)
    return { command: 'invoices', body: { action: 'withdrawals-list' } };
  if (command === 'withdrawals' && (verb === 'approve' || verb === 'decline') && invoice && rest.length === 2)
    return { command: 'invoices', body: { action: `withdrawals-${verb}`, invoice } };
  if (command === 'deposits' && verb === 'list' && rest.length === 1)
    return { command: 'invoices', body: { action: 'deposits-list' } };
  if (command === 'deposits' && verb === 'confirm' && invoice && rest.length === 2)
    return { command: 'invoices', body: { action: 'deposits-confirm', invoice } };
  throw new CliError(
    `${command} needs ${command === 'deposits' ? 'list | confirm <reference>' : 'list | approve <invoice> | decline <invoice> | create <player> <amount> <currency> [--method <method>]'}.\n\n${USAGE}`,
  );
}

/** `content import <dir>`. */
function parseContent(rest: string[]): Parsed {
  if (rest[0] !== 'import' || !rest[1] || rest.length !== 2)
    throw new CliError(`content needs import <dir>.\n\n${USAGE}`);
  return { command: 'content', body: { dir: path.resolve(rest[1]) } };
}

/** `player links <player>`. */
function parsePlayer(rest: string[]): Parsed {
  const [verb, player] = rest;
  if (verb !== 'links' || !player || rest.length !== 2) throw new CliError(`player needs links <player>.\n\n${USAGE}`);
  return { command: 'player', body: { action: 'links', player } };
}

/** `documents list | approve <id> | reject <id> [reason…]`. */
function parseDocuments(rest: string[]): Parsed {
  const [verb, id, ...reason] = rest;
  if (verb === 'list' && rest.length === 1) return { command: 'documents', body: { action: 'list' } };
  if (verb === 'approve' && id && rest.length === 2) return { command: 'documents', body: { action: 'approve', id } };
  if (verb === 'reject' && id)
    return {
      command: 'documents',
      body: { action: 'reject', id, ...(reason.length > 0 ? { reason: reason.join(' ') } : {}) },
    };
  throw new CliError(`documents needs list | approve <id> | reject <id> [reason].\n\n${USAGE}`);
}

/** `message <player|all> <title> <body…>`. */
function parseMessage(rest: string[]): Parsed {
  const [to, title, ...body] = rest;
  if (!to || !title || body.length === 0) throw new CliError(`message needs <player|all> <title> <body>.\n\n${USAGE}`);
  return { command: 'message', body: { to, title, body: body.join(' ') } };
}

/** `support list | reply <player> <text…>`. */
function parseSupport(rest: string[]): Parsed {
  const [verb, player, ...words] = rest;
  if (verb === 'list' && rest.length === 1) return { command: 'support', body: { action: 'list' } };
  if (verb === 'reply' && player && words.length > 0)
    return { command: 'support', body: { action: 'reply', player, text: words.join(' ') } };
  throw new CliError(`support needs list | reply <player> <text>.\n\n${USAGE}`);
}

/** `autologin <player> [--redirect <path>]`. */
function parseAutologin(rest: string[]): Parsed {
  const [player, flag, redirect] = rest;
  const valid = player && (rest.length === 1 || (rest.length === 3 && flag === '--redirect' && redirect));
  if (!valid) throw new CliError(`autologin needs <player> [--redirect <path>].\n\n${USAGE}`);
  return { command: 'autologin', body: { player, ...(redirect ? { redirect } : {}) } };
}

/** `mailbox <email|phone>`. */
function parseMailbox(rest: string[]): Parsed {
  if (!rest[0] || rest.length !== 1) throw new CliError(`mailbox needs <email|phone>.\n\n${USAGE}`);
  return { command: 'mailbox', body: { to: rest[0] } };
}

/** `events [list] | show <id> | retry <id> | skip <id>`. */
function parseEvents(rest: string[]): Parsed {
  const [verb, id] = rest;
  if (rest.length === 0 || (verb === 'list' && rest.length === 1))
    return { command: 'events', body: { action: 'list' } };
  if ((verb === 'show' || verb === 'retry' || verb === 'skip') && id && rest.length === 2) {
    if (!/^#?[1-9]\d{0,15}$/.test(id)) throw new CliError(`events ${verb}: "${id}" is not a parked event's number.`);
    return { command: 'events', body: { action: verb, id: Number(id.replace('#', '')) } };
  }
  throw new CliError(`events needs list | show <id> | retry <id> | skip <id>.\n\n${USAGE}`);
}

/** `tournament create <file.json> | list | start|end <identity>`. */
function parseTournament(rest: string[]): Parsed {
  const [verb, a] = rest;
  if (verb === 'create' && a && rest.length === 2)
    return { command: 'tournament', body: { action: 'create', tournament: readTournamentFile(path.resolve(a)) } };
  if (verb === 'list' && rest.length === 1) return { command: 'tournament', body: { action: 'list' } };
  if ((verb === 'start' || verb === 'end') && a && rest.length === 2)
    return { command: 'tournament', body: { action: verb, identity: a } };
  throw new CliError(`tournament needs create <file.json> | list | start <identity> | end <identity>.\n\n${USAGE}`);
}

/** `bonus create <file.json> | list | enable|disable <name> | code … | issue … | cashback run …`. */
function parseBonus(rest: string[]): Parsed {
  const [verb, a, b, c] = rest;
  if (verb === 'create' && a && rest.length === 2)
    return { command: 'bonus', body: { action: 'create', definition: readDefinitionFile(path.resolve(a)) } };
  if (verb === 'list' && rest.length === 1) return { command: 'bonus', body: { action: 'list' } };
  if ((verb === 'enable' || verb === 'disable') && a && rest.length === 2)
    return { command: 'bonus', body: { action: verb, name: a } };
  if (verb === 'code') return { command: 'bonus', body: parseCodeArgs(rest.slice(1)) };
  if (verb === 'issue' && a && b && c && rest.length === 4)
    return { command: 'bonus', body: { action: 'issue', player: a, name: b, currency: c } };
  if (verb === 'cashback' && a === 'run' && rest.length === 4 && b === '--period-start' && c && !isDay(c))
    throw new CliError(
      `--period-start: "${c}" is not a day; expected YYYY-MM-DD (e.g. 2026-11-23), a Monday for a weekly cashback.`,
    );
  if (verb === 'cashback' && a === 'run' && (rest.length === 2 || (rest.length === 4 && b === '--period-start' && c)))
    return { command: 'bonus', body: { action: 'cashback', ...(c ? { periodStart: c } : {}) } };
  throw new CliError(
    `bonus needs create <file.json> | list | enable <name> | disable <name> | issue <player> <name> <currency> | cashback run [--period-start YYYY-MM-DD].\n\n${USAGE}`,
  );
}

/** `loyalty levels [set <file.json>] | rates [set …] | account <player>`. */
function parseLoyalty(rest: string[]): Parsed {
  const [what, verb, a, b, c] = rest;
  if (what === 'levels' && rest.length === 1) return { command: 'loyalty', body: { action: 'levels' } };
  if (what === 'levels' && verb === 'set' && a && rest.length === 3)
    return { command: 'loyalty', body: { action: 'levels-set', levels: readLevelsFile(path.resolve(a)) } };
  if (what === 'rates' && rest.length === 1) return { command: 'loyalty', body: { action: 'rates' } };
  if (what === 'rates' && verb === 'set' && a && b && c && rest.length === 5)
    return {
      command: 'loyalty',
      body: { action: 'rates-set', gameType: a, points: Number(b), perMinor: Number(c) },
    };
  if (what === 'account' && verb && rest.length === 2)
    return { command: 'loyalty', body: { action: 'account', player: verb } };
  throw new CliError(
    `loyalty needs levels | levels set <file.json> | rates | rates set <gameType> <points> <perMinor> | account <player>.\n\n${USAGE}`,
  );
}

/** `quest create <file.json> | list | enable|disable <identity> | issue <player> <identity>`. */
function parseQuest(rest: string[]): Parsed {
  const [verb, a, b] = rest;
  if (verb === 'create' && a && rest.length === 2)
    return { command: 'quest', body: { action: 'create', definition: readQuestFile(path.resolve(a)) } };
  if (verb === 'list' && rest.length === 1) return { command: 'quest', body: { action: 'list' } };
  if ((verb === 'enable' || verb === 'disable') && a && rest.length === 2)
    return { command: 'quest', body: { action: verb, identity: a } };
  if (verb === 'issue' && a && b && rest.length === 3)
    return { command: 'quest', body: { action: 'issue', player: a, identity: b } };
  throw new CliError(
    `quest needs create <file.json> | list | enable <identity> | disable <identity> | issue <player> <identity>.\n\n${USAGE}`,
  );
}

/** `sportsbook …`: the risk settings' commands, else the sandbox provider's. */
function parseSportsbook(rest: string[]): Parsed {
  let risk: OpsSportsbookRiskBody | null;
  try {
    risk = parseSportsbookRiskArgs(rest);
  } catch (error) {
    if (error instanceof SportsbookRiskArgsError) throw new CliError(error.message);
    throw error;
  }
  if (risk) return { command: 'sportsbook-risk', body: risk };
  const provider = parseSportsbookProviderArgs(rest);
  if (provider) return { command: 'sportsbook-provider', body: provider };
  throw new CliError(`sportsbook needs one of:\n${SPORTSBOOK_RISK_USAGE}\n${SPORTSBOOK_PROVIDER_USAGE}\n\n${USAGE}`);
}

/** `crypto send <address> <amount>`. */
function parseCrypto(rest: string[]): Parsed {
  const [verb, address, amount] = rest;
  if (verb !== 'send' || !address || !amount || rest.length !== 3)
    throw new CliError(`crypto needs send <address> <amount>.\n\n${USAGE}`);
  return { command: 'crypto', body: { address, amount } };
}

export function parseArgs(argv: string[]): Parsed {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') return { command: 'help' };
  if (!(COMMANDS as readonly string[]).includes(command))
    throw new CliError(`Unknown command "${command}".\n\n${USAGE}`);
  if (command === 'credit') return parseCredit(rest);
  if (command === 'limit') return parseLimit(rest);
  if (command === 'exclude') return parseExclude(rest);
  if (command === 'withdrawals' || command === 'deposits') return parseInvoices(command, rest);
  if (command === 'content') return parseContent(rest);
  if (command === 'player') return parsePlayer(rest);
  if (command === 'documents') return parseDocuments(rest);
  if (command === 'message') return parseMessage(rest);
  if (command === 'support') return parseSupport(rest);
  if (command === 'autologin') return parseAutologin(rest);
  if (command === 'mailbox') return parseMailbox(rest);
  if (command === 'events') return parseEvents(rest);
  if (command === 'tournament') return parseTournament(rest);
  if (command === 'bonus') return parseBonus(rest);
  if (command === 'loyalty') return parseLoyalty(rest);
  if (command === 'quest') return parseQuest(rest);
  if (command === 'sportsbook') return parseSportsbook(rest);
  if (command === 'crypto') return parseCrypto(rest);
  return parseGame(rest);
}

/** One operator command: the server route that runs it, its answer, the same work on the database, and the line printed. */
type Operation<B, R> = {
  path: string;
  result: z.ZodType<R>;
  local: (ctx: UnitOfWorkContext, body: B) => Promise<R>;
  describe: (result: R) => string;
};

/** An operation that answers a message (most of them). */
const messageOperation = <B>(
  route: string,
  local: (ctx: UnitOfWorkContext, body: B) => Promise<z.infer<typeof opsMessageSchema>>,
): Operation<B, z.infer<typeof opsMessageSchema>> => ({
  path: route,
  result: opsMessageSchema,
  local,
  describe: (r) => r.message,
});

const OPERATIONS = {
  credit: { path: 'credit', result: opsCreditResultSchema, local: opsCredit, describe: describeCredit },
  limit: { path: 'limit', result: opsMessageSchema, local: opsLimit, describe: (r) => r.message },
  exclude: {
    path: 'exclude',
    result: opsMessageSchema,
    local: async (ctx, body) => ({ message: (await opsExclude(ctx, body)).message }),
    describe: (r) => r.message,
  },
  game: {
    path: 'game',
    result: opsMessageSchema,
    local: (ctx, body) => opsGame(ctx.db, body),
    describe: (r) => r.message,
  },
  content: {
    path: 'content',
    result: opsMessageSchema,
    local: (ctx, body) => opsContent(ctx.db, body),
    describe: (r) => r.message,
  },
  mailbox: {
    path: 'mailbox',
    result: z.array(mailboxEntrySchema),
    local: (ctx, body) => opsMailbox(ctx.db, body),
    describe: describeMailbox,
  },
  documents: { path: 'documents', result: opsMessageSchema, local: opsDocuments, describe: (r) => r.message },
  message: { path: 'message', result: opsMessageSchema, local: opsMessage, describe: (r) => r.message },
  support: { path: 'support', result: opsMessageSchema, local: opsSupport, describe: (r) => r.message },
  events: {
    path: 'events',
    result: opsEventsResultSchema,
    local: (ctx, body) => opsEvents(ctx.db, body),
    describe: describeEvents,
  },
} satisfies {
  credit: Operation<OpsCreditBody, z.infer<typeof opsCreditResultSchema>>;
  limit: Operation<OpsLimitBody, z.infer<typeof opsMessageSchema>>;
  exclude: Operation<OpsExcludeBody, z.infer<typeof opsMessageSchema>>;
  game: Operation<OpsGameBody, z.infer<typeof opsMessageSchema>>;
  content: Operation<OpsContentBody, z.infer<typeof opsMessageSchema>>;
  mailbox: Operation<OpsMailboxBody, MailboxEntry[]>;
  documents: Operation<OpsDocumentsBody, z.infer<typeof opsMessageSchema>>;
  message: Operation<OpsMessageBody, z.infer<typeof opsMessageSchema>>;
  support: Operation<OpsSupportBody, z.infer<typeof opsMessageSchema>>;
  events: Operation<OpsEventsBody, z.infer<typeof opsEventsResultSchema>>;
};

/** null: the server did not answer or did not accept us (stale endpoint file), so try the database. */
async function viaServer<R>(
  endpoint: OpsEndpoint,
  route: string,
  body: unknown,
  result: z.ZodType<R>,
): Promise<R | null> {
  let response: Response;
  try {
    response = await fetch(`${endpoint.url}/api/ops/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ops-secret': endpoint.secret },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return null;
  }
  // Without our mark the answer came from a server that does not know this secret (a stale file).
  if (response.headers.get('x-ops') !== 'accepted') return null;
  const json = (await response.json().catch(() => null)) as {
    data?: unknown;
    error?: { message: string; fields?: Record<string, string[]> };
  } | null;
  if (!response.ok)
    throw new CliError(
      `Error: ${json?.error ? withFields(json.error.message, json.error.fields) : `the server answered ${response.status}`}`,
    );
  return result.parse(json?.data);
}

async function withDatabase<T>(
  config: Config,
  endpoint: OpsEndpoint | null,
  run: (database: Database) => Promise<T>,
): Promise<T> {
  let release = () => {};
  if (!config.databaseUrl) {
    try {
      release = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError && endpoint) {
        throw new CliError(
          `A server (process ${endpoint.pid}) holds ${config.dataDir} but did not answer at ${endpoint.url}. ` +
            'Try again once it is up, or stop it and run this command again.',
        );
      }
      throw error;
    }
  }
  let database: Database | undefined;
  try {
    database = config.databaseUrl
      ? await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 })
      : await openDatabase({ dataDir: `${config.dataDir}/pglite` });
    await prepareDatabase(database);
    return await run(database);
  } finally {
    await database?.close().catch(() => {});
    release();
  }
}

async function runOperation<B, R>(config: Config, operation: Operation<B, R>, body: B): Promise<string> {
  const endpoint = config.databaseUrl ? null : readOpsEndpoint(config.dataDir);
  const live = endpoint && isAlive(endpoint.pid) ? endpoint : null;
  if (live) {
    const result = await viaServer(live, operation.path, body, operation.result);
    if (result) return operation.describe(result);
  }
  // No dispatcher runs in this process: the server's outbox dispatcher delivers what this writes (it
  // polls, and on start), so there is no one to wake.
  return operation.describe(
    await withDatabase(config, live, (database) => operation.local({ db: database.db, notifyOutbox: () => {} }, body)),
  );
}

/** Payment commands go through the running server only (it holds the provider connection and the outbox). */
async function viaRunningServer<R>(
  config: Config,
  route: string,
  body: unknown,
  schema: z.ZodType<R>,
  describe: (result: R) => string,
): Promise<string> {
  const endpoint = readOpsEndpoint(config.dataDir);
  const live = endpoint && isAlive(endpoint.pid) ? endpoint : null;
  if (!live)
    throw new CliError(
      `No server runs on this machine for ${config.dataDir} (no live ${path.basename(opsEndpointFile(config.dataDir))}): ` +
        'start it (npm start), or run this command where a server of this deployment runs, with its DATA_DIR.',
    );
  const result = await viaServer(live, route, body, schema);
  if (!result)
    throw new CliError(
      `The server (process ${live.pid}) at ${live.url} did not answer or did not accept this machine's ops secret: ` +
        'try again once it is up.',
    );
  return describe(result);
}

function execute(config: Config, parsed: Exclude<Parsed, { command: 'help' }>): Promise<string> {
  switch (parsed.command) {
    case 'credit':
      return runOperation(config, OPERATIONS.credit, parsed.body);
    case 'limit':
      return runOperation(config, OPERATIONS.limit, parsed.body);
    case 'exclude':
      return runOperation(config, OPERATIONS.exclude, parsed.body);
    case 'game':
      return runOperation(config, OPERATIONS.game, parsed.body);
    case 'content':
      return runOperation(config, OPERATIONS.content, parsed.body);
    case 'mailbox':
      return runOperation(config, OPERATIONS.mailbox, parsed.body);
    case 'documents':
      return runOperation(config, OPERATIONS.documents, parsed.body);
    case 'message':
      return runOperation(config, OPERATIONS.message, parsed.body);
    case 'support':
      return runOperation(config, OPERATIONS.support, parsed.body);
    case 'events':
      return runOperation(config, OPERATIONS.events, parsed.body);
    case 'tournament':
    case 'bonus':
    case 'loyalty':
    case 'player':
    case 'sportsbook-provider':
    case 'sportsbook-risk':
    case 'quest':
    case 'autologin':
      return executeConfigured(config, parsed);
    case 'invoices':
    case 'withdrawal-create':
    case 'crypto':
      return executePayment(config, parsed);
  }
}

type ConfiguredCommand = Extract<
  Parsed,
  {
    command:
      | 'tournament'
      | 'bonus'
      | 'loyalty'
      | 'player'
      | 'sportsbook-provider'
      | 'sportsbook-risk'
      | 'quest'
      | 'autologin';
  }
>;

/**
 * The commands whose operation is made here: most answer a message, and several need the config (the
 * bonus rules, the sportsbook catalogue, the public URL).
 */
function executeConfigured(config: Config, parsed: ConfiguredCommand): Promise<string> {
  switch (parsed.command) {
    case 'tournament':
      return runOperation(
        config,
        messageOperation('tournament', (ctx, body: OpsTournamentBody) => opsTournament(ctx, body, config.bonus)),
        parsed.body,
      );
    case 'bonus':
      return runOperation(
        config,
        messageOperation('bonus', (ctx, body: OpsBonusBody) => opsBonus(ctx, body, config.bonus)),
        parsed.body,
      );
    case 'loyalty':
      return runOperation(
        config,
        messageOperation('loyalty', (ctx, body: OpsLoyaltyBody) => opsLoyalty(ctx, body)),
        parsed.body,
      );
    case 'player':
      return runOperation(
        config,
        messageOperation('player', (ctx, body: OpsPlayerBody) => opsPlayer(ctx.db, body)),
        parsed.body,
      );
    case 'sportsbook-provider':
      return runOperation(
        config,
        messageOperation('sportsbook-provider', (ctx, body: OpsSportsbookProviderBody) =>
          opsSportsbookProvider(ctx, body),
        ),
        parsed.body,
      );
    case 'sportsbook-risk':
      return runOperation(
        config,
        messageOperation('sportsbook-risk', (ctx, body: OpsSportsbookRiskBody) =>
          opsSportsbookRisk(ctx, body, sportsbookCatalogueOf(config)),
        ),
        parsed.body,
      );
    case 'quest':
      return runOperation(
        config,
        messageOperation('quest', (ctx, body: OpsQuestBody) => opsQuest(ctx, body)),
        parsed.body,
      );
    case 'autologin':
      // The link is on this site's public address, whichever process writes the token.
      return runOperation(
        config,
        {
          path: 'autologin',
          result: opsAutologinResultSchema,
          local: (ctx, body: OpsAutologinBody) => opsAutologin(ctx.db, body, config.publicUrl),
          describe: describeAutologin,
        },
        parsed.body,
      );
  }
}

/** The payment commands: through the running server only. */
function executePayment(
  config: Config,
  parsed: Extract<Parsed, { command: 'invoices' | 'withdrawal-create' | 'crypto' }>,
): Promise<string> {
  switch (parsed.command) {
    case 'invoices':
      return viaRunningServer(config, 'invoices', parsed.body, z.array(opsInvoiceSchema), (r) =>
        describeInvoices(parsed.body.action, r),
      );
    case 'withdrawal-create':
      return viaRunningServer(config, 'withdrawal-create', parsed.body, opsMessageSchema, (r) => r.message);
    case 'crypto':
      return viaRunningServer(config, 'crypto-send', parsed.body, opsMessageSchema, (r) => r.message);
  }
}

/** A day as the CLI takes it: YYYY-MM-DD, and a real one (not 2026-02-30). */
const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The command-line argument a request field came from, where it is not the field's own name. */
const ARGUMENT_OF: Record<string, string> = {
  periodStart: '--period-start',
  availableFrom: '--from',
  availableTo: '--to',
  maxUses: '--uses',
  maxUsesPerPlayer: '--per-player',
  currencies: '--currencies',
  countries: '--countries',
};

/**
 * A refusal with the fields it names, each as the argument the operator typed: "The request is not
 * valid" alone left them guessing which argument and what format it wanted.
 */
export function withFields(message: string, fields: Record<string, readonly string[]> | undefined): string {
  const lines = Object.entries(fields ?? {})
    // A field whose problems the message already says adds nothing ("No such event": ref: No such event).
    .filter(([, problems]) => !problems.every((problem) => message.includes(problem)))
    .map(([field, problems]) => `  ${ARGUMENT_OF[field] ?? field}: ${problems.join('; ')}`);
  return lines.length > 0 ? `${message}:\n${lines.join('\n')}` : message;
}

async function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  try {
    const parsed = parseArgs(argv);
    if (parsed.command === 'help') {
      console.log(USAGE);
      return 0;
    }
    const config = loadConfig(env);
    console.log(await execute(config, parsed));
    return 0;
  } catch (error) {
    if (error instanceof CliError || error instanceof ConfigError || error instanceof DataDirLockedError)
      console.error(error.message);
    else if (error instanceof DomainError) console.error(`Error: ${withFields(error.message, error.fields)}`);
    else console.error('Error:', error instanceof Error ? error.message : error);
    return 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const code = await runCli(process.argv.slice(2));
  // Explicit exit: a database client can keep the event loop alive after close.
  process.exit(code);
}
