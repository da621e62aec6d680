import type { SandboxGameRound, SandboxGameSession } from './tables.ts';

/** What the game UI sees of a round; a crash round's outcome stays hidden until it is settled. */
export function toWireRound(round: SandboxGameRound) {
  const settled = round.status === 'settled';
  return {
    id: round.id,
    nonce: round.nonce,
    bet: round.bet,
    win: round.win,
    outcome: settled ? round.outcome : null,
    startedAt: (round.startedAt ?? round.createdAt).getTime(),
    settled,
    isFreeSpin: round.isFreeSpin,
    params: round.params,
  };
}
export type WireRound = ReturnType<typeof toWireRound>;

export function fairnessOf(session: SandboxGameSession) {
  return { serverSeedHash: session.serverSeedHash, clientSeed: session.clientSeed, nonce: session.nonce };
}
