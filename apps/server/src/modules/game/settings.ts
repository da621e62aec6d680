import { z } from 'zod';
import {
  envSecret,
  invalidConfig,
  missingInProduction,
  refuse,
  rotationIssues,
  settingsSection,
  type SettingsCore,
} from '../../lib/settings.ts';

const gameEnv = {
  /** HMAC secret shared with the game provider; derived from the JWT secret when unset. */
  GAME_WALLET_SECRET: envSecret(),
  GAME_WALLET_SECRET_PREVIOUS: envSecret(),
  /** Where the casino reaches the provider's launch API, and the provider the casino's wallet API; default: this node. */
  GAME_PROVIDER_URL: z.url().optional(),
  GAME_WALLET_URL: z.url().optional(),
  /**
   * The second game aggregator, Lantern Hub (docs/lantern-wallet-api.md): its launch API and the HMAC
   * secret it signs with (derived from the JWT secret when unset). Unset outside production: the sandbox
   * Lantern at /sandbox/lantern. Unset in production: no Lantern games.
   */
  LANTERN_URL: z.url().optional(),
  LANTERN_SECRET: envSecret(),
  LANTERN_SECRET_PREVIOUS: envSecret(),
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
};

type GameEnv = z.infer<z.ZodObject<typeof gameEnv>>;

/**
 * The Lantern aggregator: a real one at LANTERN_URL (production needs its secret and refuses the
 * sandbox's address), else the sandbox at /sandbox/lantern outside production, else none.
 */
function lanternOf(e: GameEnv, production: boolean) {
  if (production && e.LANTERN_URL && /\/sandbox\/lantern\/?$/.test(e.LANTERN_URL))
    throw invalidConfig('LANTERN_URL: production never uses the sandbox Lantern aggregator');
  if (production && e.LANTERN_URL && !e.LANTERN_SECRET)
    throw invalidConfig('LANTERN_SECRET: required in production beside LANTERN_URL (the secret shared with Lantern)');
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

/** The game provider and the other aggregators, their secrets, and the rules every round keeps. */
function readGame(e: GameEnv, { production }: SettingsCore) {
  refuse(rotationIssues(e, ['GAME_WALLET_SECRET', 'LANTERN_SECRET'], production));
  // Production never talks to the built-in sandbox provider: a real one, and the secret shared with it.
  refuse(
    missingInProduction(
      e,
      [
        ['GAME_PROVIDER_URL', 'the game provider (aggregator) that runs the games'],
        ['GAME_WALLET_SECRET', 'the secret shared with the game provider'],
      ],
      production,
    ),
  );
  return {
    /** The built-in sandbox game provider at /sandbox/games (never in production). */
    sandbox: !e.GAME_PROVIDER_URL,
    walletSecret: e.GAME_WALLET_SECRET ?? null,
    walletSecretPrevious: e.GAME_WALLET_SECRET_PREVIOUS ?? null,
    providerUrl: e.GAME_PROVIDER_URL?.replace(/\/$/, '') ?? null,
    walletUrl: e.GAME_WALLET_URL?.replace(/\/$/, '') ?? null,
    minSpinMs: e.GAME_MIN_SPIN_MS,
    sessionTtlSec: e.GAME_SESSION_TTL,
    maxWinMultiplier: e.GAME_MAX_WIN_MULTIPLIER,
    /** Every other aggregator, by id (providers/<id>/); null: not run by this deployment. */
    aggregators: { lantern: lanternOf(e, production) },
  };
}

export type GameSettings = ReturnType<typeof readGame>;

declare module '../../lib/settings.ts' {
  interface ModuleSettings {
    /** The game provider (`sandbox`: the built-in one at /sandbox/games, never in production) and the rounds' rules. */
    game: GameSettings;
  }
}

export const gameSettings = settingsSection('game', gameEnv, readGame);
