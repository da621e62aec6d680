/**
 * Client of the provider's UI API (/sandbox/games/api). The page runs in a sandboxed iframe with an
 * opaque origin: every call is a CORS request, no cookies, and the session id from the URL is the only
 * credential.
 */
import type { EngineId, EngineOutcome, EngineParams, SlotConfig } from '../../engines/types.ts';
import { sleep } from './dom.ts';

export type Fairness = { serverSeedHash: string; clientSeed: string; nonce: number };

export type OpenRound = { id: string; startedAt: number; bet: number; autoCashout?: number | null };

export type Session = {
  id: string;
  engine: EngineId;
  gameName: string;
  gameIdentity: string;
  mode: 'real' | 'demo';
  currency: string;
  subunitToUnit: number;
  balance: number;
  betLevels: number[];
  defaultBet: number;
  minSpinMs: number;
  lobbyUrl: string;
  locale?: string;
  fairness: Fairness;
  config: SlotConfig | Record<string, unknown>;
  /** freeSpinsBet: the stake the remaining free spins pay on. */
  state: {
    freeSpinsLeft: number;
    freeSpinsBet?: number;
    openRound: OpenRound | null;
    /** Free spins the casino granted for this game: how many are left, at what stake. */
    freeSpinGrant?: FreeSpinGrant | null;
  };
};

/**
 * Free spins the casino granted for this game: `left` of `count` at `stake`, what they have won so far,
 * and what the casino said the winnings become (bonus money to wager `wagerMultiplier` times; null when
 * it did not say).
 */
export type FreeSpinGrant = {
  id: string;
  count: number;
  left: number;
  stake: number;
  won: number;
  wagerMultiplier: number | null;
};

export type Round<O extends EngineOutcome = EngineOutcome> = {
  id: string;
  nonce: number;
  bet: number;
  win: number;
  outcome: O | null;
  startedAt: number;
  settled: boolean;
};

export type PlayResult<O extends EngineOutcome = EngineOutcome> = {
  round: Round<O>;
  balance: number;
  freeSpinsLeft: number;
  freeSpinGrant?: FreeSpinGrant | null;
  /** A granted spin: its grant after the spin (`left` 0 after the last one). */
  grantPlayed?: FreeSpinGrant;
  fairness: Fairness;
};

export type RoundSummary = {
  id: string;
  nonce: number;
  bet: number;
  win: number;
  serverSeedHash: string;
  clientSeed: string;
  revealedServerSeed: string | null;
  createdAt: string | number;
  /** Extras of this provider (not in the interface minimum): what a verify link can prefill. */
  betBasis?: number;
  isFreeSpin?: boolean;
  params?: Record<string, unknown> | null;
  outcome?: EngineOutcome | null;
};

export type SeedRotation = {
  /** lastNonce: the nonce of the last round played on the revealed pair, null when none was. */
  revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; lastNonce: number | null };
  fairness: Fairness;
};

/** What a refusal names besides its code: the balance, a stake's maximum (minor units) and its currency. */
export type RefusalFacts = {
  balance?: number | null;
  retryAfterMs?: number | null;
  maxBet?: number | null;
  currency?: string | null;
};

/** An answer other than 2xx, or no answer at all (status 0). */
export class ApiError extends Error {
  readonly balance: number | null;
  readonly retryAfterMs: number | null;
  readonly maxBet: number | null;
  readonly currency: string | null;

  constructor(
    readonly status: number,
    readonly code: number | string | null,
    message: string,
    facts: RefusalFacts = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.balance = facts.balance ?? null;
    this.retryAfterMs = facts.retryAfterMs ?? null;
    this.maxBet = facts.maxBet ?? null;
    this.currency = facts.currency ?? null;
  }

  get tooFast(): boolean {
    return this.status === 429 || this.code === 'too_fast';
  }
}

export const API_BASE = '/sandbox/games/api';

/**
 * The API of the party that serves this page: `/sandbox/<party>/play/<sid>` → `/sandbox/<party>/api`
 * (the sandbox provider's pages are served by the sandbox Lantern too); API_BASE elsewhere.
 */
export function apiBaseOf(pathname: string): string {
  const match = /^(\/sandbox\/[a-z0-9-]+)\/play\//.exec(pathname);
  return match ? `${match[1]}/api` : API_BASE;
}

/** `/sandbox/games/play/<sid>` → `<sid>` (the last non-empty path segment). */
export function sessionIdFromPath(pathname: string): string | null {
  const segment = pathname.split('/').filter(Boolean).at(-1);
  if (!segment || segment.endsWith('.html')) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export class GameApi {
  constructor(
    readonly sessionId: string,
    private readonly fetcher: FetchLike = (input, init) => fetch(input, init),
  ) {}

  private get base(): string {
    return `${apiBaseOf(globalThis.location?.pathname ?? '')}/sessions/${encodeURIComponent(this.sessionId)}`;
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await this.fetcher(`${this.base}${path}`, {
        method,
        // The session id is the credential, never a cookie. A text/plain body (the provider reads it as
        // JSON) keeps every call a "simple" CORS request: no preflight before each spin.
        credentials: 'omit',
        cache: 'no-store',
        headers:
          body === undefined
            ? { accept: 'application/json' }
            : { accept: 'application/json', 'content-type': 'text/plain;charset=UTF-8' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
    } catch {
      throw new ApiError(0, null, 'network');
    }
    const data = (await response.json().catch(() => null)) as {
      error?: {
        code?: number | string;
        message?: string;
        balance?: unknown;
        retryAfterMs?: unknown;
        maxBet?: unknown;
        currency?: unknown;
      };
    } | null;
    if (!response.ok) {
      const error = data?.error;
      const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
      const amount = (value: unknown) =>
        Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : null;
      throw new ApiError(response.status, error?.code ?? null, error?.message ?? response.statusText, {
        balance: num(error?.balance),
        retryAfterMs: num(error?.retryAfterMs),
        maxBet: amount(error?.maxBet),
        currency: typeof error?.currency === 'string' ? error.currency : null,
      });
    }
    return data as T;
  }

  async session(): Promise<Session> {
    return (await this.call<{ session: Session }>('GET', '')).session;
  }

  /**
   * Starts (and for every engine but crash, settles) a round. A 429 `too_fast` means the server clock
   * still counts the previous spin; the UI's own animation already waits `minSpinMs`, so this only
   * happens on jitter and is retried quietly.
   */
  async play<E extends EngineId>(bet: number, params: EngineParams[E], grantId?: string): Promise<PlayResult> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.call<PlayResult>('POST', '/rounds', grantId ? { bet, params, grantId } : { bet, params });
      } catch (error) {
        if (!(error instanceof ApiError) || !error.tooFast || attempt >= 5) throw error;
        await sleep(Math.min(5000, (error.retryAfterMs ?? 250) + 30));
      }
    }
  }

  cashout(roundId: string): Promise<{ round: Round; balance: number }> {
    return this.call('POST', `/rounds/${encodeURIComponent(roundId)}/cashout`, {});
  }

  round(roundId: string): Promise<{ round: Round; balance: number }> {
    return this.call('GET', `/rounds/${encodeURIComponent(roundId)}`);
  }

  rotateSeeds(clientSeed?: string): Promise<SeedRotation> {
    return this.call('POST', '/seeds', clientSeed ? { clientSeed } : {});
  }

  async rounds(limit = 20): Promise<RoundSummary[]> {
    return (await this.call<{ rounds: RoundSummary[] }>('GET', `/rounds?limit=${limit}`)).rounds;
  }
}
