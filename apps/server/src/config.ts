import os from 'node:os';
import { z } from 'zod';
import path from 'node:path';
import { isIP } from 'node:net';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
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
  SEED_DEMO: bool.default(true),
  LOYALTY_ENABLED: bool.default(true),
  QUESTS_ENABLED: bool.default(true),
  /**
   * The sportsbook provider's client host (its launch API and the framed client live under it) and the
   * operator's client id there. Both unset outside production: the sandbox provider at /sandbox/sportsbook.
   * Unset in production: no sportsbook (`/betting` is dropped).
   */
  SPORTSBOOK_CLIENT_HOST: z.url().optional(),
  SPORTSBOOK_CLIENT_ID: z.string().min(1).max(100).optional(),
  /** The sandbox sportsbook's simulated clock speed when it first starts (`npm run ops -- sportsbook clock` changes it). */
  SPORTSBOOK_SANDBOX_SPEED: z.coerce.number().int().min(1).max(10_000).default(1),
  KYC_HIDE_DOCUMENTS: bool.default(false),
  /**
   * Minutes between reality-check reminders during real-money play, until the player picks their own:
   * 10, 20, 30 or 60 (outside production, fractions such as 0.1 let a test see it in seconds).
   */
  REALITY_CHECK_MINUTES: z.coerce.number().min(0.05).max(60).default(30),
  /** How often each node looks for limit changes that are due (they apply within this much of their time). */
  LIMITS_JOB_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** Outbox events every consumer has passed are deleted once they are this many hours old. */
  OUTBOX_RETENTION_HOURS: z.coerce.number().int().min(1).max(8760).default(72),
  /** The highest wagering multiplier a bonus may ask (the UK cap since January 2026 is 10). */
  BONUS_MAX_WAGER: z.coerce.number().int().min(0).max(100).default(10),
  BONUS_JOB_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** How often each node looks for cashback of an ended period still to pay (each node scans a period once). */
  CASHBACK_JOB_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** A third-party chat widget (Zendesk Web Widget key); unset: the built-in live chat. */
  SUPPORT_WIDGET_KEY: z
    .string()
    .regex(/^[\w-]{8,100}$/)
    .optional(),
  /** A real identity-verification provider (docs/identity-verification-api.md); unset: the sandbox outside production. */
  KYC_PROVIDER_URL: z.url({ protocol: /^https?$/ }).optional(),
  KYC_SECRET: z.string().min(32).optional(),
  KYC_SECRET_PREVIOUS: z.string().min(32).optional(),
  KYC_LEVEL: z
    .string()
    .regex(/^[\w.-]{1,64}$/)
    .default('basic-kyc-level'),
  /**
   * Social sign-in against a real OpenID Connect provider (Auth0): its domain URL, this site's client
   * id, and the connections to offer. Unset outside production: the sandbox provider at /sandbox/oidc.
   */
  SOCIAL_DOMAIN: z.url().optional(),
  SOCIAL_CLIENT_ID: z.string().min(1).optional(),
  SOCIAL_CONNECTIONS: z.string().default('google-oauth2,apple'),
  /** Where uploaded identity documents are kept (default DATA_DIR/documents); never under the web root. */
  DOCUMENTS_DIR: z.string().min(1).optional(),
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
  /** Outgoing mail: smtp(s)://user:pass@host:port. Unset: mail is kept in the development mailbox (`npm run ops -- mailbox`). */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Casino <no-reply@localhost>'),
  /** Players must confirm their e-mail address before they can sign in with it (error 11001). */
  REQUIRE_EMAIL_CONFIRMATION: bool.default(false),
  /** HMAC secret shared with the game provider; derived from the JWT secret when unset. */
  GAME_WALLET_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  GAME_WALLET_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Where the casino reaches the provider's launch API, and the provider the casino's wallet API; default: this node. */
  GAME_PROVIDER_URL: z.url().optional(),
  GAME_WALLET_URL: z.url().optional(),
  /**
   * The second game aggregator, Lantern Hub (docs/lantern-wallet-api.md): its launch API and the HMAC
   * secret it signs with (derived from the JWT secret when unset). Unset outside production: the sandbox
   * Lantern at /sandbox/lantern. Unset in production: no Lantern games.
   */
  LANTERN_URL: z.url().optional(),
  LANTERN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LANTERN_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Where the casino reaches the payment provider's API; default: the sandbox provider on this node. */
  PAYMENT_PROVIDER_URL: z.url().optional(),
  /** HMAC secret shared with the payment provider (API calls and webhooks); derived from the JWT secret when unset. */
  PAYMENT_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PAYMENT_WEBHOOK_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The second payment provider, Orbit (e-wallet, docs/orbit-api.md); default: its sandbox on this node. */
  ORBIT_PROVIDER_URL: z.url().optional(),
  /** HMAC secret shared with Orbit (its calls and webhooks); derived from the JWT secret when unset. */
  ORBIT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ORBIT_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Which payment provider serves a method, for a player's country and currency: rules
   * `<method>[/<CUR>,…][@<CC>,…]=<provider>` separated by `;`, the first that matches and whose provider
   * serves the method in that currency wins (`*` is any method). A method no rule gives a provider is
   * not offered. Default: `orbit_wallet=orbit;*=sandbox` (without Orbit in production unless ORBIT_PROVIDER_URL).
   */
  PAYMENT_ROUTES: z
    .string()
    .trim()
    .optional()
    .transform((v, issue) => {
      if (v === undefined) return undefined;
      const routes = parseRoutes(v);
      if (typeof routes === 'string') {
        issue.addIssue({ code: 'custom', message: routes });
        return z.NEVER;
      }
      return routes;
    }),
  /** Withdrawals below this many units of the base currency are sent to the provider without an operator (0: never). */
  WITHDRAWAL_AUTO_APPROVE_BELOW: z.coerce.number().min(0).default(0),
  /**
   * When a withdrawal needs a verified identity (the provider's approval, or an approved identity document):
   * `always` (default), `never`, `above:<amount>` (a withdrawal worth more than that many EUR) or
   * `lifetime:<amount>` (once the player's withdrawals, this one included, pass that many EUR).
   */
  WITHDRAWAL_VERIFICATION: z
    .string()
    .trim()
    .default('always')
    .transform((v, issue) => {
      const match = /^(always|never)$|^(above|lifetime):(\d+(?:\.\d+)?)$/.exec(v.toLowerCase());
      if (match?.[1]) return { rule: match[1] as 'always' | 'never', amount: 0 };
      if (match?.[2]) return { rule: match[2] as 'above' | 'lifetime', amount: Number(match[3]) };
      issue.addIssue({ code: 'custom', message: 'must be always, never, above:<EUR amount> or lifetime:<EUR amount>' });
      return z.NEVER;
    }),
  /** Card, e-wallet, QR and PIX deposits not paid within this many minutes expire (fractions are for tests). */
  DEPOSIT_EXPIRY_MINUTES: z.coerce.number().min(0.01).max(1440).default(30),
  /** Bank transfers wait for the operator longer: days until one not confirmed expires. */
  BANK_TRANSFER_EXPIRY_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** The account players transfer deposits to (demo values outside production; production must set them). */
  BANK_TRANSFER_BENEFICIARY: z.string().trim().min(2).max(100).optional(),
  BANK_TRANSFER_IBAN: z
    .string()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, 'must be an IBAN'))
    .optional(),
  BANK_TRANSFER_BIC: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/, 'must be a BIC (8 or 11 characters)')
    .transform((v) => v.toUpperCase())
    .optional(),
  BANK_TRANSFER_BANK: z.string().trim().min(2).max(100).optional(),
  /** Sandbox payment provider: seconds until a simulated crypto transfer has its confirmations. */
  CRYPTO_CONFIRM_SECONDS: z.coerce.number().int().min(0).max(3600).default(20),
  /** Deposits must be wagered this many times before a withdrawal (0 turns the gate off). */
  TURNOVER_MULTIPLIER: z.coerce.number().min(0).max(100).default(1),
  /** Shortest time between two rounds of one game session (UK: 2.5 s). */
  GAME_MIN_SPIN_MS: z.coerce.number().int().min(0).max(60_000).default(2500),
  /** A round never pays more than this many times its stake (a provider bug or a forged win stays bounded). */
  GAME_MAX_WIN_MULTIPLIER: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  /** Lifetime of a game session for new bets; wins and rollbacks are accepted after it. */
  GAME_SESSION_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86_400)
    .default(4 * 3600),
});

export type Config = ReturnType<typeof loadConfig>;

/** Secrets published in this repository (a former demo constant, the docs' example): production refuses them. */
const PUBLISHED_SECRETS = new Set([
  'demo-only-secret-never-use-in-production-0000',
  'example-secret-0123456789abcdef0123456789abcdef',
]);

export class ConfigError extends Error {}

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

type Env = z.infer<typeof envSchema> & { PUBLIC_URL: string };

/** The environment parsed, or a ConfigError that names each bad variable. */
function parseEnv(env: NodeJS.ProcessEnv) {
  // An empty variable means "not set" (e.g. `DATABASE_URL= npm start`).
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    // A secret's value (or a URL's password) is never repeated: the message goes to logs.
    const hidden = /(SECRET|TOKEN)(_PREVIOUS)?$|^(DATABASE|REDIS|SMTP)_URL$/;
    const got = (name: string) => (hidden.test(name) ? 'a hidden value' : JSON.stringify(env[name]));
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got ${got(String(i.path[0]))})`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

function kycOf(e: Env, production: boolean) {
  if (e.KYC_PROVIDER_URL && !e.KYC_SECRET)
    throw new ConfigError(
      'Invalid configuration:\n  KYC_SECRET: required with KYC_PROVIDER_URL (at least 32 characters)',
    );
  return e.KYC_PROVIDER_URL || !production
    ? {
        sandbox: !e.KYC_PROVIDER_URL,
        providerUrl: e.KYC_PROVIDER_URL?.replace(/\/$/, '') ?? null,
        secret: e.KYC_SECRET ?? null,
        secretPrevious: e.KYC_SECRET_PREVIOUS ?? null,
        levelName: e.KYC_LEVEL,
      }
    : null;
}

/** Several processes, or one with a share of the work, meet through PostgreSQL and Redis. */
function checkProcesses(e: Env) {
  if (e.PROCESSES > 1 && !(e.DATABASE_URL && e.REDIS_URL))
    throw new ConfigError(
      'Invalid configuration:\n  PROCESSES: several processes need DATABASE_URL and REDIS_URL (the embedded database and the in-memory push belong to one process)',
    );
  if (e.ROLE !== 'all' && !(e.DATABASE_URL && e.REDIS_URL))
    throw new ConfigError(
      `Invalid configuration:\n  ROLE: ${e.ROLE} shares the work with other processes, through DATABASE_URL and REDIS_URL: set both`,
    );
}

function sportsbookOf(e: Env, production: boolean) {
  if (Boolean(e.SPORTSBOOK_CLIENT_HOST) !== Boolean(e.SPORTSBOOK_CLIENT_ID))
    throw new ConfigError(
      'Invalid configuration:\n  SPORTSBOOK_CLIENT_HOST and SPORTSBOOK_CLIENT_ID: set both (a sportsbook provider), or neither',
    );
  if (production && e.SPORTSBOOK_CLIENT_HOST && /\/sandbox\/sportsbook\/?$/.test(e.SPORTSBOOK_CLIENT_HOST))
    throw new ConfigError(
      'Invalid configuration:\n  SPORTSBOOK_CLIENT_HOST: production never uses the sandbox sportsbook provider',
    );
  return e.SPORTSBOOK_CLIENT_HOST
    ? { sandbox: false, host: e.SPORTSBOOK_CLIENT_HOST.replace(/\/$/, ''), clientId: e.SPORTSBOOK_CLIENT_ID! }
    : production
      ? null
      : {
          sandbox: true,
          host: `${e.PUBLIC_URL.replace(/\/$/, '')}/sandbox/sportsbook`,
          clientId: 'sandbox',
          speed: e.SPORTSBOOK_SANDBOX_SPEED,
        };
}

function checkSecrets(e: Env, production: boolean) {
  if (production && !e.JWT_SECRET)
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: required in production (at least 32 random characters)',
    );
  // A `_PREVIOUS` secret only beside its current one (and not the same value); production accepts no
  // published value, current or previous.
  const rotated = [
    ['JWT_SECRET', e.JWT_SECRET, e.JWT_SECRET_PREVIOUS],
    ['GAME_WALLET_SECRET', e.GAME_WALLET_SECRET, e.GAME_WALLET_SECRET_PREVIOUS],
    ['LANTERN_SECRET', e.LANTERN_SECRET, e.LANTERN_SECRET_PREVIOUS],
    ['PAYMENT_WEBHOOK_SECRET', e.PAYMENT_WEBHOOK_SECRET, e.PAYMENT_WEBHOOK_SECRET_PREVIOUS],
    ['ORBIT_SECRET', e.ORBIT_SECRET, e.ORBIT_SECRET_PREVIOUS],
    ['KYC_SECRET', e.KYC_SECRET, e.KYC_SECRET_PREVIOUS],
    ['METRICS_TOKEN', e.METRICS_TOKEN, e.METRICS_TOKEN_PREVIOUS],
    ['GEO_HEADER_SECRET', e.GEO_HEADER_SECRET, e.GEO_HEADER_SECRET_PREVIOUS],
  ] as const;
  const rotationIssues: string[] = [];
  for (const [name, current, previous] of rotated) {
    if (previous && !current) rotationIssues.push(`${name}_PREVIOUS: set only beside ${name}`);
    if (previous && previous === current) rotationIssues.push(`${name}_PREVIOUS: the same value as ${name}`);
    for (const [key, value] of [
      [name, current],
      [`${name}_PREVIOUS`, previous],
    ] as const) {
      if (production && value && PUBLISHED_SECRETS.has(value))
        rotationIssues.push(`${key}: a published demo value, never accepted in production`);
    }
  }
  if (rotationIssues.length > 0)
    throw new ConfigError(`Invalid configuration:\n${rotationIssues.map((line) => `  ${line}`).join('\n')}`);
}

/** What production needs and development may leave out: real providers, a trusted country, real mail. */
function checkProduction(e: Env) {
  // Production never talks to a built-in sandbox party: a real provider, and the secret shared with it.
  const partners = [
    ['PAYMENT_PROVIDER_URL', e.PAYMENT_PROVIDER_URL, 'the payment provider (the sandbox pays with public test cards)'],
    ['PAYMENT_WEBHOOK_SECRET', e.PAYMENT_WEBHOOK_SECRET, 'the secret shared with the payment provider'],
    ['GAME_PROVIDER_URL', e.GAME_PROVIDER_URL, 'the game provider (aggregator) that runs the games'],
    ['GAME_WALLET_SECRET', e.GAME_WALLET_SECRET, 'the secret shared with the game provider'],
    ['BANK_TRANSFER_BENEFICIARY', e.BANK_TRANSFER_BENEFICIARY, 'the account holder bank-transfer deposits go to'],
    ['BANK_TRANSFER_IBAN', e.BANK_TRANSFER_IBAN, 'the IBAN bank-transfer deposits go to'],
    ['BANK_TRANSFER_BIC', e.BANK_TRANSFER_BIC, 'the BIC of that account'],
  ] as const;
  const missing = partners.filter(([, value]) => !value);
  if (missing.length > 0)
    throw new ConfigError(
      `Invalid configuration:\n${missing.map(([name, , what]) => `  ${name}: required in production (${what})`).join('\n')}`,
    );
  if (!e.TRUST_PROXY && !e.GEO_HEADER_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  GEO_HEADER_SECRET or TRUST_PROXY: production needs a country header it can trust ' +
        '(behind a CDN or load balancer that sets it, TRUST_PROXY=1; or a secret the CDN adds, GEO_HEADER_SECRET)',
    );
  }
  if (![10, 20, 30, 60].includes(e.REALITY_CHECK_MINUTES))
    throw new ConfigError(
      'Invalid configuration:\n  REALITY_CHECK_MINUTES: must be 10, 20, 30 or 60 in production (shorter ones are for tests)',
    );
  if (e.SEED_DEMO)
    throw new ConfigError(
      'Invalid configuration:\n  SEED_DEMO: demo data must not be seeded in production (set SEED_DEMO=0)',
    );
  if (!e.SMTP_URL)
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL: production sends mail (password resets, confirmations) through an SMTP server',
    );
}

function socialOf(e: Env, production: boolean) {
  return e.SOCIAL_DOMAIN && e.SOCIAL_CLIENT_ID
    ? {
        sandbox: false,
        domain: e.SOCIAL_DOMAIN.replace(/\/$/, ''),
        clientId: e.SOCIAL_CLIENT_ID,
        connections: e.SOCIAL_CONNECTIONS.split(',')
          .map((c) => c.trim())
          .filter(Boolean),
      }
    : production
      ? null
      : {
          sandbox: true,
          domain: `${e.PUBLIC_URL.replace(/\/$/, '')}/sandbox/oidc`,
          clientId: 'casino-web',
          connections: ['google-oauth2', 'apple'],
        };
}

/** The providers payments are routed to (`PAYMENT_PROVIDERS` in modules/payment/providers). */
export const PAYMENT_PROVIDER_IDS = ['sandbox', 'orbit'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDER_IDS)[number];

/** One rule of the routing table: a method (or `*`), for some currencies and countries (none: any), to a provider. */
export type PaymentRoute = {
  method: string;
  currencies: readonly string[];
  countries: readonly string[];
  provider: PaymentProviderId;
};

/** `PAYMENT_ROUTES` read, or what is wrong with it. */
export function parseRoutes(text: string): PaymentRoute[] | string {
  const routes: PaymentRoute[] = [];
  for (const rule of text
    .split(';')
    .map((r) => r.trim())
    .filter(Boolean)) {
    const match =
      /^([a-z0-9_]+|\*)(?:\/([A-Z0-9]{2,10}(?:,[A-Z0-9]{2,10})*))?(?:@([A-Z]{2}(?:,[A-Z]{2})*))?=([a-z0-9_-]+)$/.exec(
        rule,
      );
    if (!match) return `the rule "${rule.slice(0, 80)}" is not <method>[/<CUR>,…][@<CC>,…]=<provider>`;
    const provider = match[4] as PaymentProviderId;
    if (!PAYMENT_PROVIDER_IDS.includes(provider))
      return `the rule "${rule}" names ${provider}, not one of ${PAYMENT_PROVIDER_IDS.join(', ')}`;
    routes.push({
      method: match[1]!,
      currencies: match[2]?.split(',') ?? [],
      countries: match[3]?.split(',') ?? [],
      provider,
    });
  }
  return routes.length ? routes : 'no rule given';
}

/**
 * Orbit, the second provider: a real one at ORBIT_PROVIDER_URL with ORBIT_SECRET; else its sandbox at
 * /sandbox/orbit outside production; null in production without it (nothing is routed to it then).
 */
function orbitOf(e: Env, production: boolean) {
  if (e.ORBIT_PROVIDER_URL && !e.ORBIT_SECRET)
    throw new ConfigError(
      'Invalid configuration:\n  ORBIT_SECRET: required with ORBIT_PROVIDER_URL (at least 32 characters)',
    );
  if (production && e.ORBIT_PROVIDER_URL && /\/sandbox\/orbit\/?$/.test(e.ORBIT_PROVIDER_URL))
    throw new ConfigError(
      'Invalid configuration:\n  ORBIT_PROVIDER_URL: production never uses the sandbox Orbit provider',
    );
  if (!e.ORBIT_PROVIDER_URL && production) return null;
  return {
    sandbox: !e.ORBIT_PROVIDER_URL,
    providerUrl: e.ORBIT_PROVIDER_URL?.replace(/\/$/, '') ?? null,
    secret: e.ORBIT_SECRET ?? null,
    secretPrevious: e.ORBIT_SECRET_PREVIOUS ?? null,
  };
}

/** The routing table: the operator's, or the default; a rule to a provider that is not configured is refused. */
function routesOf(e: Env, orbit: ReturnType<typeof orbitOf>): PaymentRoute[] {
  const routes =
    e.PAYMENT_ROUTES ?? (parseRoutes(orbit ? 'orbit_wallet=orbit;*=sandbox' : '*=sandbox') as PaymentRoute[]);
  if (!orbit && routes.some((r) => r.provider === 'orbit'))
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_ROUTES: routes to orbit, which production reaches only at ORBIT_PROVIDER_URL with ORBIT_SECRET',
    );
  return routes;
}

const paymentOf = (e: Env, production: boolean) => {
  const orbit = orbitOf(e, production);
  return { ...sandboxPaymentOf(e), orbit, routes: routesOf(e, orbit) };
};

const sandboxPaymentOf = (e: Env) => ({
  /** The built-in sandbox provider at /sandbox/pay (never in production). */
  sandbox: !e.PAYMENT_PROVIDER_URL,
  providerUrl: e.PAYMENT_PROVIDER_URL?.replace(/\/$/, '') ?? null,
  secret: e.PAYMENT_WEBHOOK_SECRET ?? null,
  secretPrevious: e.PAYMENT_WEBHOOK_SECRET_PREVIOUS ?? null,
  autoApproveBelow: e.WITHDRAWAL_AUTO_APPROVE_BELOW,
  turnoverMultiplier: e.TURNOVER_MULTIPLIER,
  cryptoConfirmSeconds: e.CRYPTO_CONFIRM_SECONDS,
  withdrawalVerification: e.WITHDRAWAL_VERIFICATION,
  depositExpiryMs: Math.round(e.DEPOSIT_EXPIRY_MINUTES * 60_000),
  bankTransferExpiryMs: e.BANK_TRANSFER_EXPIRY_DAYS * 86_400_000,
  /** Demo defaults outside production (a sandbox account); production refuses to start without them. */
  bankTransfer: {
    beneficiary: e.BANK_TRANSFER_BENEFICIARY ?? 'Casino Demo Ltd',
    iban: e.BANK_TRANSFER_IBAN ?? 'LU280019400644750000',
    bic: e.BANK_TRANSFER_BIC ?? 'BCEELULL',
    bank: e.BANK_TRANSFER_BANK ?? 'Sandbox Bank',
  },
});

/**
 * The Lantern aggregator: a real one at LANTERN_URL (production needs its secret and refuses the
 * sandbox's address), else the sandbox at /sandbox/lantern outside production, else none.
 */
function lanternOf(e: Env, production: boolean) {
  if (production && e.LANTERN_URL && /\/sandbox\/lantern\/?$/.test(e.LANTERN_URL))
    throw new ConfigError(
      'Invalid configuration:\n  LANTERN_URL: production never uses the sandbox Lantern aggregator',
    );
  if (production && e.LANTERN_URL && !e.LANTERN_SECRET)
    throw new ConfigError(
      'Invalid configuration:\n  LANTERN_SECRET: required in production beside LANTERN_URL (the secret shared with Lantern)',
    );
  if (!e.LANTERN_URL && production) return null;
  return {
    /** The built-in sandbox Lantern at /sandbox/lantern (never in production). */
    sandbox: !e.LANTERN_URL,
    /** null: the sandbox on this node's loopback address, as the sandbox game provider. */
    url: e.LANTERN_URL?.replace(/\/$/, '') ?? null,
    secret: e.LANTERN_SECRET ?? null,
    secretPrevious: e.LANTERN_SECRET_PREVIOUS ?? null,
  };
}

const gameOf = (e: Env, production: boolean) => ({
  /** The built-in sandbox game provider at /sandbox/games (never in production). */
  sandbox: !e.GAME_PROVIDER_URL,
  walletSecret: e.GAME_WALLET_SECRET ?? null,
  walletSecretPrevious: e.GAME_WALLET_SECRET_PREVIOUS ?? null,
  providerUrl: e.GAME_PROVIDER_URL?.replace(/\/$/, '') ?? null,
  walletUrl: e.GAME_WALLET_URL?.replace(/\/$/, '') ?? null,
  minSpinMs: e.GAME_MIN_SPIN_MS,
  sessionTtlSec: e.GAME_SESSION_TTL,
  maxWinMultiplier: e.GAME_MAX_WIN_MULTIPLIER,
  /** Every other aggregator, by id (modules/game/providers/<id>/); null: not run by this deployment. */
  aggregators: { lantern: lanternOf(e, production) },
});

/** Reads and checks the environment once at start; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const data = parseEnv(env);
  const e: Env = { ...data, PUBLIC_URL: data.PUBLIC_URL ?? listeningUrl(data.HOST, data.PORT) };
  const production = e.NODE_ENV === 'production';
  const kyc = kycOf(e, production);
  checkProcesses(e);
  const sportsbook = sportsbookOf(e, production);
  checkSecrets(e, production);
  if (production) checkProduction(e);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    processes: e.PROCESSES,
    role: e.ROLE,
    host: e.HOST,
    dataDir,
    documentsDir: e.DOCUMENTS_DIR ? path.resolve(e.DOCUMENTS_DIR) : path.join(dataDir, 'documents'),
    databaseUrl: e.DATABASE_URL ?? null,
    databaseTimeouts: { connectMs: e.DATABASE_CONNECT_TIMEOUT_MS, queryMs: e.DATABASE_QUERY_TIMEOUT_MS },
    redisUrl: e.REDIS_URL ?? null,
    redisPrefix: e.REDIS_PREFIX,
    accessTokenTtlSec: e.ACCESS_TOKEN_TTL,
    sessionIdleTtlSec: e.SESSION_IDLE_TTL,
    sessionMaxTtlSec: e.SESSION_MAX_TTL,
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
    /** PUBLIC_URL was set (not derived from HOST and PORT). */
    publicUrlGiven: data.PUBLIC_URL !== undefined,
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
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    signUpPerAddress: e.SIGN_UP_PER_ADDRESS,
    metricsToken: e.METRICS_TOKEN ?? null,
    metricsTokenPrevious: e.METRICS_TOKEN_PREVIOUS ?? null,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    requireEmailConfirmation: e.REQUIRE_EMAIL_CONFIRMATION,
    /** null: no social sign-in; `sandbox`: the built-in provider (never in production). */
    social: socialOf(e, production),
    /** null: no identity verification; `sandbox`: the built-in provider at /sandbox/kyc (never in production). */
    kyc,
    limits: { realityCheckMinutes: e.REALITY_CHECK_MINUTES, jobMs: e.LIMITS_JOB_MS },
    outbox: { retentionHours: e.OUTBOX_RETENTION_HOURS },
    bonus: { maxWagerMultiplier: e.BONUS_MAX_WAGER, jobMs: e.BONUS_JOB_MS, cashbackJobMs: e.CASHBACK_JOB_MS },
    supportWidgetKey: e.SUPPORT_WIDGET_KEY ?? null,
    restrictedCountries: e.RESTRICTED_COUNTRIES as Readonly<Record<string, 1 | 2>>,
    /**
     * The sportsbook provider (docs/sportsbook-provider-api.md): its host and the operator's client id;
     * `sandbox`: the built-in provider at /sandbox/sportsbook (never in production); null: no sportsbook.
     */
    sportsbook,
    /** The API's OpenAPI document and its page at /api/docs: a map for an attacker, so not in production. */
    apiDocs: !production,
    payment: paymentOf(e, production),
    game: gameOf(e, production),
    features: {
      loyalty: e.LOYALTY_ENABLED,
      quests: e.QUESTS_ENABLED,
      sportsbook: sportsbook !== null,
      // The provider takes the documents only when there is one.
      documents: !(kyc && e.KYC_HIDE_DOCUMENTS),
    },
  };
}
