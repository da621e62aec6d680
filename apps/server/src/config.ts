import os from 'node:os';
import { z } from 'zod';
import path from 'node:path';
import { isIP } from 'node:net';
import type { ModuleManifest } from './lib/module.ts';
import {
  ConfigError,
  envFlag,
  invalidConfig,
  refuse,
  rotationIssues,
  type ModuleSettings,
  type SettingsCore,
  type SettingsSection,
} from './lib/settings.ts';
import { MODULES } from './module-list.ts';

export { ConfigError } from './lib/settings.ts';

/**
 * The platform's own variables. A module's are in its settings file (modules/<name>/settings.ts), listed
 * in its manifest: loadConfig checks them all at once, and each section is `config.<key>`.
 */
const coreEnv = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Server processes on this machine sharing PORT (Node's cluster): a number, or `auto` for one per
   * core. More than one needs DATABASE_URL and REDIS_URL (the embedded database is one process's).
   */
  PROCESSES: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)])
    .default(1)
    .transform((v) => (v === 'auto' ? os.availableParallelism() : v)),
  /**
   * What this process does: `all` (the default) everything; `api` serves players (HTTP, the push hub,
   * the SPA) and runs no background work; `worker` runs the outbox lanes, the jobs and the mail sender
   * and serves only partners and operators. `api` and `worker` need DATABASE_URL and REDIS_URL.
   */
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /**
   * PostgreSQL deadlines (docs/operations.md#outages). A request waits at most CONNECT for a connection
   * (a server that is down or frozen: the answer is then 503), and a statement runs at most QUERY (the
   * client gives up on a frozen server; the server cancels what runs longer). Game providers expect a
   * wallet answer within about 300 ms and give up after a few seconds: a wallet call is never worth
   * more than a few seconds of waiting.
   */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(10_000),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:-]{0,40}$/)
    .default(''),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).max(86_400).default(900),
  SESSION_IDLE_TTL: z.coerce
    .number()
    .int()
    .min(300)
    .max(90 * 86_400)
    .default(30 * 86_400),
  // However often it is refreshed, a session ends this long after sign-in (then the player signs in again).
  SESSION_MAX_TTL: z.coerce
    .number()
    .int()
    .min(300)
    .max(365 * 86_400)
    .default(30 * 86_400),
  /** Unset: where this server listens (`http://<HOST or localhost>:<PORT>`), so links and launches reach it. */
  PUBLIC_URL: z.url().optional(),
  GEO_COUNTRY_HEADER: z
    .string()
    .min(1)
    .default('cf-ipcountry')
    .transform((v) => v.toLowerCase()),
  /** A secret the CDN adds as `X-Geo-Secret` to every request it forwards: proves the country header is the CDN's. */
  GEO_HEADER_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** During a rotation: the CDN's secret still accepted besides GEO_HEADER_SECRET (as every `_PREVIOUS` below). */
  GEO_HEADER_SECRET_PREVIOUS: z.string().min(16, 'must be at least 16 characters').optional(),
  DEFAULT_COUNTRY: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .default('DE')
    .transform((v) => v.toUpperCase()),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Secret rotation without downtime (docs/operations.md#secrets): `<NAME>_PREVIOUS` is a second secret
   * still accepted on what arrives (tokens, signed calls, webhooks), never used to sign.
   */
  JWT_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** The back office's build (default apps/admin/dist), served at /admin. */
  ADMIN_DIST: z.string().optional(),
  /**
   * Which proxies in front of the node to believe for the client's address (X-Forwarded-For) and the
   * country header: `0` none; a number of hops (`1`: the node is reachable only through one load
   * balancer or CDN; `true`/`yes` mean 1); or the proxies' addresses and ranges, comma-separated.
   * Never every hop: the left-most X-Forwarded-For entry is whatever the client wrote.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('0')
    .transform((v, issue) => {
      const value = v.toLowerCase();
      if (['', '0', 'false', 'no'].includes(value)) return false as const;
      if (['true', 'yes'].includes(value)) return 1;
      if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
      const ranges = value.split(',').map((r) => r.trim());
      if (ranges.every((r) => isIP(r.split('/')[0]!) && (!r.includes('/') || /^\d{1,3}$/.test(r.split('/')[1]!))))
        return ranges;
      issue.addIssue({
        code: 'custom',
        message: "must be 0, a number of proxy hops (1–10), or the proxies' addresses/ranges, comma-separated",
      });
      return z.NEVER;
    }),
  SEED_DEMO: envFlag.default(true),
  LOYALTY_ENABLED: envFlag.default(true),
  QUESTS_ENABLED: envFlag.default(true),
  KYC_HIDE_DOCUMENTS: envFlag.default(false),
  /** Outbox events every consumer has passed are deleted once they are this many hours old. */
  OUTBOX_RETENTION_HOURS: z.coerce.number().int().min(1).max(8760).default(72),
  /** Countries the operator restricts, as CODE:TYPE pairs (1: the site is closed there; 2: browsing only). */
  RESTRICTED_COUNTRIES: z
    .string()
    .regex(/^\s*([A-Za-z]{2}:[12]\s*(,\s*|$))*$/, 'must be CODE:1 or CODE:2 pairs, e.g. "ES:1,AU:2"')
    .default('ES:1,AU:2')
    .transform((v) =>
      Object.fromEntries(
        v
          .split(',')
          .map((pair) => pair.trim())
          .filter(Boolean)
          .map((pair) => [pair.slice(0, 2).toUpperCase(), Number(pair.slice(3)) as 1 | 2]),
      ),
    ),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /**
   * scrypt's cost (N) for new password hashes, a power of two; at least 16384 in production. Each hash
   * keeps its own cost, so a change breaks no stored password. The test suites use 1024: they sign up
   * and sign in thousands of players, at 64 ms of CPU each at 16384 on a slow machine.
   */
  PASSWORD_HASH_COST: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1_048_576)
    .refine((n) => (n & (n - 1)) === 0, 'must be a power of two')
    .default(16_384),
  /**
   * New accounts one network address may open per hour (e-mail, phone and social sign-up together),
   * counted across every node on Redis; 0: no limit.
   */
  SIGN_UP_PER_ADDRESS: z.coerce.number().int().min(0).default(5),
  /**
   * Bearer token a Prometheus scraper sends to `GET /metrics` (at least 32 characters). Unset: /metrics
   * answers loopback clients only, and not at all in production.
   */
  METRICS_TOKEN: z.string().min(32).optional(),
  METRICS_TOKEN_PREVIOUS: z.string().min(32).optional(),
  /** Players must confirm their e-mail address before they can sign in with it (error 11001). */
  REQUIRE_EMAIL_CONFIRMATION: envFlag.default(false),
};

type CoreEnv = z.infer<z.ZodObject<typeof coreEnv>>;
type Env = CoreEnv & { PUBLIC_URL: string };

/** The platform's own settings; a module's section is `config.<key>` beside them (ModuleSettings). */
export type CoreConfig = ReturnType<typeof coreOf>;
export type Config = CoreConfig & ModuleSettings;

const ANY_ADDRESS = new Set(['0.0.0.0', '::', '']);
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The origin of a server listening on `host:port`: `localhost` when it listens on every interface,
 * else the address itself (IPv6 in brackets). PUBLIC_URL's default: a server started on another port
 * (`PORT=3100 npm start`) must launch the sandbox parties and write mail links on that port, not 3000.
 */
export function listeningUrl(host: string, port: number): string {
  const name = ANY_ADDRESS.has(host) ? 'localhost' : isIP(host) === 6 ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/**
 * Why PUBLIC_URL cannot be this server as started, or null. Checked once the server listens (PORT=0
 * picks a port then): a PUBLIC_URL on this machine (loopback, or the HOST it listens on) with another
 * port sends the sandbox launches and the mail links to a server that is not this one. A public name
 * behind a proxy is the operator's business: its port is the proxy's.
 */
export function publicUrlMismatch(config: Pick<Config, 'publicUrl' | 'host'>, listeningPort: number): string | null {
  const url = new URL(config.publicUrl);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const hostname = url.hostname.toLowerCase();
  const local = LOOPBACK.test(hostname) || hostname === config.host.toLowerCase() || hostname === `[${config.host}]`;
  if (!local || port === listeningPort) return null;
  return (
    `PUBLIC_URL is ${config.publicUrl} but this server listens on port ${listeningPort}: ` +
    `the sportsbook and the other sandbox parties, and the links in e-mails, would go to port ${port}. ` +
    `Unset PUBLIC_URL (it then follows PORT) or set it to the address players use.`
  );
}

/**
 * The modules' settings sections, in list order. A variable belongs to one owner (the core or one
 * module) and a key to one section: two claiming the same one are refused at start.
 */
function sectionsOf(manifests: readonly ModuleManifest[]): SettingsSection[] {
  const variables = new Map<string, string>(Object.keys(coreEnv).map((name) => [name, 'the core']));
  const keys = new Map<string, string>();
  const clashes: string[] = [];
  for (const { name, settings } of manifests) {
    if (!settings) continue;
    const owner = `the ${name} module`;
    const other = keys.get(settings.key);
    if (other) clashes.push(`config.${settings.key}: the settings section of both ${other} and ${owner}`);
    keys.set(settings.key, owner);
    for (const variable of Object.keys(settings.env)) {
      const before = variables.get(variable);
      if (before) clashes.push(`${variable}: declared by both ${before} and ${owner}`);
      variables.set(variable, owner);
    }
  }
  refuse(clashes);
  return manifests.flatMap(({ settings }) => (settings ? [settings] : []));
}

/** The environment parsed (the core's variables and every section's), or a ConfigError that names each bad variable. */
function parseEnv(env: NodeJS.ProcessEnv, sections: readonly SettingsSection[]) {
  const schema = z.object(Object.assign({}, coreEnv, ...sections.map((section) => section.env)) as typeof coreEnv);
  // An empty variable means "not set" (e.g. `DATABASE_URL= npm start`).
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    // A secret's value (or a URL's password) is never repeated: the message goes to logs.
    const hidden = /(SECRET|TOKEN)(_PREVIOUS)?$|^(DATABASE|REDIS|SMTP)_URL$/;
    const got = (name: string) => (hidden.test(name) ? 'a hidden value' : JSON.stringify(env[name]));
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got ${got(String(i.path[0]))})`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data as CoreEnv & Record<string, unknown>;
}

/** Several processes, or one with a share of the work, meet through PostgreSQL and Redis. */
function checkProcesses(e: Env) {
  if (e.PROCESSES > 1 && !(e.DATABASE_URL && e.REDIS_URL))
    throw invalidConfig(
      'PROCESSES: several processes need DATABASE_URL and REDIS_URL (the embedded database and the in-memory push belong to one process)',
    );
  if (e.ROLE !== 'all' && !(e.DATABASE_URL && e.REDIS_URL))
    throw invalidConfig(
      `ROLE: ${e.ROLE} shares the work with other processes, through DATABASE_URL and REDIS_URL: set both`,
    );
}

/** What the platform itself refuses (a module's section checks its own): the first problem found. */
function checkCore(e: Env, production: boolean) {
  checkProcesses(e);
  if (production && !e.JWT_SECRET)
    throw invalidConfig('JWT_SECRET: required in production (at least 32 random characters)');
  refuse(rotationIssues(e, ['JWT_SECRET', 'METRICS_TOKEN', 'GEO_HEADER_SECRET'], production));
  if (!production) return;
  if (!e.TRUST_PROXY && !e.GEO_HEADER_SECRET)
    throw invalidConfig(
      'GEO_HEADER_SECRET or TRUST_PROXY: production needs a country header it can trust ' +
        '(behind a CDN or load balancer that sets it, TRUST_PROXY=1; or a secret the CDN adds, GEO_HEADER_SECRET)',
    );
  if (e.SEED_DEMO) throw invalidConfig('SEED_DEMO: demo data must not be seeded in production (set SEED_DEMO=0)');
  if (e.PASSWORD_HASH_COST < 16_384) throw invalidConfig('PASSWORD_HASH_COST: at least 16384 in production');
}

const INVALID = 'Invalid configuration:\n';

/** The problems of several parts (the core's, each section's) as one ConfigError; one alone as it is. */
function together(failures: readonly ConfigError[]): ConfigError {
  if (failures.length === 1) return failures[0]!;
  const lines = failures.map((f) =>
    f.message.startsWith(INVALID) ? f.message.slice(INVALID.length) : `  ${f.message}`,
  );
  return new ConfigError(INVALID + lines.join('\n'));
}

/**
 * Checks the core and reads every section, each from its own variables. Each part stops at its first
 * problem; the operator sees every part's at once, in one list.
 */
function readAll(e: Env, data: Record<string, unknown>, sections: readonly SettingsSection[], core: SettingsCore) {
  const failures: ConfigError[] = [];
  const attempt = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      failures.push(error);
      return undefined;
    }
  };
  attempt(() => checkCore(e, core.production));
  const settings = Object.fromEntries(
    sections.map((section) => {
      const own = Object.fromEntries(Object.keys(section.env).map((name) => [name, data[name]]));
      return [section.key, attempt(() => section.read(own, core))];
    }),
  );
  if (failures.length > 0) throw together(failures);
  return settings as unknown as ModuleSettings;
}

/** The platform's own settings, and its feature switches (two follow a module's section). */
function coreOf(e: Env, core: SettingsCore, modules: ModuleSettings, publicUrlGiven: boolean) {
  return {
    env: e.NODE_ENV,
    production: core.production,
    port: e.PORT,
    processes: e.PROCESSES,
    role: e.ROLE,
    host: e.HOST,
    dataDir: core.dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    databaseTimeouts: { connectMs: e.DATABASE_CONNECT_TIMEOUT_MS, queryMs: e.DATABASE_QUERY_TIMEOUT_MS },
    redisUrl: e.REDIS_URL ?? null,
    redisPrefix: e.REDIS_PREFIX,
    accessTokenTtlSec: e.ACCESS_TOKEN_TTL,
    sessionIdleTtlSec: e.SESSION_IDLE_TTL,
    sessionMaxTtlSec: e.SESSION_MAX_TTL,
    publicUrl: core.publicUrl,
    /** PUBLIC_URL was set (not derived from HOST and PORT). */
    publicUrlGiven,
    geoCountryHeader: e.GEO_COUNTRY_HEADER,
    geoHeaderSecret: e.GEO_HEADER_SECRET ?? null,
    geoHeaderSecretPrevious: e.GEO_HEADER_SECRET_PREVIOUS ?? null,
    defaultCountry: e.DEFAULT_COUNTRY,
    /** null: the deployment makes a random one and keeps it in its database (never in production). */
    jwtSecret: e.JWT_SECRET ?? null,
    /** Still accepted on tokens (a rotation in progress), never used to sign. */
    jwtSecretPrevious: e.JWT_SECRET_PREVIOUS ?? null,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
    adminDist: e.ADMIN_DIST ? path.resolve(e.ADMIN_DIST) : path.resolve(import.meta.dirname, '../../admin/dist'),
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    passwordHashCost: e.PASSWORD_HASH_COST,
    signUpPerAddress: e.SIGN_UP_PER_ADDRESS,
    metricsToken: e.METRICS_TOKEN ?? null,
    metricsTokenPrevious: e.METRICS_TOKEN_PREVIOUS ?? null,
    requireEmailConfirmation: e.REQUIRE_EMAIL_CONFIRMATION,
    outbox: { retentionHours: e.OUTBOX_RETENTION_HOURS },
    restrictedCountries: e.RESTRICTED_COUNTRIES as Readonly<Record<string, 1 | 2>>,
    /** The API's OpenAPI document and its page at /api/docs: a map for an attacker, so not in production. */
    apiDocs: !core.production,
    features: {
      loyalty: e.LOYALTY_ENABLED,
      quests: e.QUESTS_ENABLED,
      sportsbook: modules.sportsbook !== null,
      // The provider takes the documents only when there is one.
      documents: !(modules.kyc && e.KYC_HIDE_DOCUMENTS),
    },
  };
}

/**
 * Reads and checks the environment once at start, the core's variables and those of every module's
 * settings section (module-list.ts; a test may pass its own list); a bad value stops the process with
 * a clear message.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  manifests: readonly ModuleManifest[] = MODULES,
): Config {
  const sections = sectionsOf(manifests);
  const data = parseEnv(env, sections);
  const e: Env = { ...data, PUBLIC_URL: data.PUBLIC_URL ?? listeningUrl(data.HOST, data.PORT) };
  const core: SettingsCore = {
    production: e.NODE_ENV === 'production',
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
  };
  const modules = readAll(e, data, sections, core);
  const config = coreOf(e, core, modules, data.PUBLIC_URL !== undefined);
  refuse(
    sections
      .filter((section) => Object.hasOwn(config, section.key))
      .map((section) => `config.${section.key}: a settings section named as one of the core's own settings`),
  );
  return { ...config, ...modules };
}
