import type { GameLabel } from '@casino/contracts';

/** Badges we have our own (translated) words and colours for; any other label shows the server's name. */
const KNOWN_LABELS = ['new', 'hot', 'exclusive', 'jackpot', 'bonus-buy'] as const;
export type KnownLabel = (typeof KNOWN_LABELS)[number];

/** `Bonus Buy`, `bonus_buy` and `bonus-buy` are the same badge. */
export function knownLabel(label: Pick<GameLabel, 'id' | 'name'>): KnownLabel | null {
  for (const raw of [label.id, label.name]) {
    const key = raw
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, '-');
    if ((KNOWN_LABELS as readonly string[]).includes(key)) return key as KnownLabel;
  }
  return null;
}
