import { crashRound, CRASH_FLOATS, parseCrashParams } from './crash.ts';
import { diceRoll, DICE_FLOATS, parseDiceParams } from './dice.ts';
import { fairFloats } from './fair.ts';
import { parseRouletteParams, rouletteSpin, ROULETTE_FLOATS } from './roulette.ts';
import { slotSpin, SLOT_FLOATS } from './slot.ts';
import type {
  CrashParams,
  DiceParams,
  EngineId,
  EngineOutcome,
  EngineParams,
  FairInput,
  RoundState,
  RouletteParams,
} from './types.ts';

export * from './types.ts';
export * from './fair.ts';
export * from './slot.ts';
export * from './roulette.ts';
export * from './dice.ts';
export * from './crash.ts';

export const ENGINE_IDS: readonly EngineId[] = ['slot', 'roulette', 'dice', 'crash'];

export function isEngineId(value: unknown): value is EngineId {
  return typeof value === 'string' && (ENGINE_IDS as readonly string[]).includes(value);
}

/** Fair floats one round of each engine consumes. */
export const ENGINE_FLOATS: Record<EngineId, number> = {
  slot: SLOT_FLOATS,
  roulette: ROULETTE_FLOATS,
  dice: DICE_FLOATS,
  crash: CRASH_FLOATS,
};

/**
 * Checks untrusted round params of an engine and the bet that goes with them (roulette: the bet must
 * be the sum of the chips). Returns cleaned params or a message for the player. Bet levels and
 * balances are the server's business, not this one's.
 */
export function parseParams<E extends EngineId>(
  engine: E,
  bet: number,
  raw: unknown,
): { ok: true; params: EngineParams[E] } | { ok: false; message: string } {
  if (!Number.isSafeInteger(bet) || bet < 0)
    return { ok: false, message: 'The bet must be a whole number of minor units' };
  switch (engine) {
    case 'slot':
      return { ok: true, params: {} as EngineParams[E] };
    case 'roulette': {
      const r = parseRouletteParams(raw);
      if (!r.ok) return r;
      if (r.total !== bet) return { ok: false, message: 'The bet must equal the sum of the roulette bets' };
      return { ok: true, params: r.params as EngineParams[E] };
    }
    case 'dice': {
      const r = parseDiceParams(raw);
      return r.ok ? { ok: true, params: r.params as EngineParams[E] } : r;
    }
    case 'crash': {
      const r = parseCrashParams(raw);
      return r.ok ? { ok: true, params: r.params as EngineParams[E] } : r;
    }
    default:
      return { ok: false, message: `Unknown engine: ${String(engine)}` };
  }
}

/**
 * The outcome of one round, recomputable by anyone from (serverSeed, clientSeed, nonce), the bet
 * (minor units) and the params. Slot free spins: `state.freeSpin` with `bet` = the triggering bet.
 * Crash: `state.cashout` = manual cash-out multiplier (the params' auto cash-out applies by itself).
 */
export async function playRound<E extends EngineId>(
  engine: E,
  fair: FairInput,
  bet: number,
  params: EngineParams[E],
  state: RoundState = {},
): Promise<EngineOutcome> {
  const floats = await fairFloats(fair, ENGINE_FLOATS[engine]);
  switch (engine) {
    case 'slot':
      return slotSpin(floats, bet, { freeSpin: state.freeSpin === true });
    case 'roulette':
      return rouletteSpin(floats, params as RouletteParams);
    case 'dice':
      return diceRoll(floats, bet, params as DiceParams);
    case 'crash':
      return crashRound(floats, bet, params as CrashParams, state.cashout);
    default:
      throw new Error(`Unknown engine: ${String(engine)}`);
  }
}
