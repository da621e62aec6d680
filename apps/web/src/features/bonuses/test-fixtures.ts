import type { PlayerFreespin } from '@casino/contracts';

/** A player's free spins as `GET /api/game/player-freespins` sends them: 10 spins issued on g1, unless told otherwise. */
export const testFreespin = (over: Partial<PlayerFreespin> = {}): PlayerFreespin => ({
  id: 'f1',
  name: 'Starter spins',
  status: 1,
  result: 1,
  count: 10,
  usedCount: 0,
  progress: 0,
  gameId: 'g1',
  currency: 'EUR',
  stakeAmount: 0.2,
  winAmount: 0,
  bonusId: null,
  issuedAt: '2026-11-20T10:00:00Z',
  expiredAt: null,
  activationExpiredAt: '2026-12-01T10:00:00Z',
  wageringExpiredAt: null,
  createdAt: '2026-11-20T10:00:00Z',
  finishedAt: null,
  packageId: null,
  packagePriority: 0,
  issueSessionId: null,
  ...over,
});
