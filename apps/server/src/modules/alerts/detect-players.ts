import { BASE_CURRENCY } from '@casino/contracts';
import { linkedPlayers, instrumentsSeenSince, type LinkReason } from '../links/index.ts';
import { devicesSeenSince, playerContacts } from '../player/index.ts';
import { toBaseMinor } from '../settings/index.ts';
import { realLossesBetween } from '../wallet/index.ts';
import type { DetectInput } from './detect-payments.ts';
import { keysRaised, money, raiseAlert } from './raise.ts';

const DAY_MS = 24 * 3600 * 1000;
const day = (at: Date) => at.toISOString().slice(0, 10);

/** The Monday (UTC) that starts the week of `at`. */
function weekStart(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return new Date(midnight - ((at.getUTCDay() + 6) % 7) * DAY_MS);
}

/** Net real-money losses per player over [start, end) in the base currency (every currency converted). */
async function lossesInBase(input: DetectInput, start: Date, end: Date): Promise<Map<string, bigint>> {
  const totals = new Map<string, bigint>();
  for (const loss of await realLossesBetween(input.db, day(start), day(end))) {
    const base = toBaseMinor(loss.lossMinor, loss.currency);
    if (base !== null) totals.set(loss.playerId, (totals.get(loss.playerId) ?? 0n) + base);
  }
  return totals;
}

/**
 * Losses rising week on week: this calendar week's net real-money loss so far (UTC, from Monday; real
 * stakes − real wins as the wallet counts play, bonus money aside) reaches ALERT_LOSS_FLOOR and at
 * least ALERT_LOSS_GROWTH times last week's. A player with no loss last week is raised at the floor:
 * going from nothing to that much is the rise. One alert per player and week (the key: its Monday).
 */
export async function detectRisingLosses(input: DetectInput): Promise<number> {
  const { rules, now } = input;
  const thisWeek = weekStart(now);
  const lastWeek = new Date(thisWeek.getTime() - 7 * DAY_MS);
  const current = await lossesInBase(input, thisWeek, new Date(thisWeek.getTime() + 7 * DAY_MS));
  const candidates = [...current].filter(([, loss]) => loss >= rules.lossFloor);
  if (candidates.length === 0) return 0;
  const previous = await lossesInBase(input, lastWeek, thisWeek);
  const growth = BigInt(Math.round(rules.lossGrowth * 100));
  let raised = 0;
  for (const [playerId, loss] of candidates) {
    const before = previous.get(playerId) ?? 0n;
    if (loss * 100n < growth * before) continue;
    const rise =
      before > 0n
        ? `${(Number((loss * 10n) / before) / 10).toFixed(1)}× last week's ${money(before, BASE_CURRENCY)}`
        : 'after no loss last week';
    const fresh = await raiseAlert(input.db, {
      kind: 'rising_losses',
      playerId,
      key: day(thisWeek),
      summary: `Lost ${money(loss, BASE_CURRENCY)} of real money this week (from ${day(thisWeek)}), ${rise}`,
      facts: {
        weekStart: day(thisWeek),
        thisWeek: money(loss, BASE_CURRENCY),
        lastWeek: money(before, BASE_CURRENCY),
        floor: money(rules.lossFloor, BASE_CURRENCY),
        growth: rules.lossGrowth,
      },
    });
    if (fresh) raised += 1;
  }
  return raised;
}

const describeReasons = (reasons: readonly LinkReason[]) =>
  reasons.map((r) => (r.kind === 'device' || r.kind === 'identity' ? r.detail : `${r.kind} ${r.detail}`)).join('; ');

/**
 * Linked accounts (the links module's: a shared browser, card, IBAN, crypto address or verified
 * identity), looked for around the players who made a new tie since `since` (a browser or an instrument
 * new to them). One alert per pair of accounts, raised for the player who made the tie; the pair's key
 * (both ids, sorted) keeps it from being raised again for the other one.
 */
export async function detectLinkedAccounts(input: DetectInput, since: Date): Promise<number> {
  const { db } = input;
  const candidates = new Set([...(await devicesSeenSince(db, since)), ...(await instrumentsSeenSince(db, since))]);
  let raised = 0;
  for (const playerId of candidates) {
    const links = await linkedPlayers(db, playerId);
    if (links.length === 0) continue;
    const pairOf = (other: string) => [playerId, other].toSorted().join(':');
    const done = await keysRaised(
      db,
      'linked_accounts',
      links.map((l) => pairOf(l.playerId)),
    );
    const fresh = links.filter((l) => !done.has(pairOf(l.playerId)));
    const contacts = await playerContacts(
      db,
      fresh.map((l) => l.playerId),
    );
    for (const link of fresh) {
      const other = contacts.get(link.playerId) ?? link.playerId;
      const made = await raiseAlert(db, {
        kind: 'linked_accounts',
        playerId,
        key: pairOf(link.playerId),
        summary: `Linked to ${other}: ${describeReasons(link.reasons)}`,
        facts: { otherPlayerId: link.playerId, otherPlayer: other, reasons: link.reasons },
      });
      if (made) raised += 1;
    }
  }
  return raised;
}
