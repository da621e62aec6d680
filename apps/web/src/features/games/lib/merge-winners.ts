import type { Winner } from '@casino/contracts';

/** The strip shows 12 wins, one per game (wire contract). */
export const WINNERS_SHOWN = 12;

/**
 * New wins go on top; a game shows once (its latest win), and the strip keeps 12.
 * `incoming` is in arrival order, so its last item is the newest.
 */
export function mergeWinners(current: readonly Winner[], incoming: readonly Winner[], keep = WINNERS_SHOWN): Winner[] {
  const seen = new Set<string>();
  const out: Winner[] = [];
  for (const winner of incoming.toReversed().concat(current)) {
    if (seen.has(winner.gameId)) continue;
    seen.add(winner.gameId);
    out.push(winner);
    if (out.length === keep) break;
  }
  return out;
}

/**
 * Collects items and hands them over at most once per `ms`: the first at once, later ones in one
 * batch when the interval is over. A busy channel then moves the strip every 3 s, not every spin.
 */
export function throttleBatches<T>(flush: (batch: T[]) => void, ms: number) {
  let buffer: T[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const tick = () => {
    if (buffer.length === 0) {
      timer = null;
      return;
    }
    const batch = buffer;
    buffer = [];
    flush(batch);
    timer = setTimeout(tick, ms);
  };
  return {
    push(...items: T[]) {
      buffer.push(...items);
      if (!timer) tick();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      buffer = [];
    },
  };
}
