/** What every part of the client shares: the session, the API, the slip, formatting and navigation. */
import type { ClientSession, EventSummary, Market, Outcome } from '../../sportsbook/api.ts';
import type { SportsbookApi } from './api.ts';
import { h } from './dom.ts';
import { icon } from './icons.ts';
import { eventName, isLive, isOpen } from './format.ts';
import { t } from './i18n.ts';
import type { ParentLink } from './messages.ts';
import { marketName, outcomeName } from './names.ts';
import { direction, selectionKey, toggleSelection, type SlipSelection } from './slip-math.ts';

export type Ctx = {
  session: ClientSession;
  api: SportsbookApi;
  parent: ParentLink;
  localeTag: string;
  money(minor: number): string;
  /** Odds (thousandths) as the page's language writes numbers. */
  price(thousandths: number): string;
  /**
   * Whether the casino takes no bets on this event from the player's country: its sport, or the event
   * itself (the launch's rules, and any refusal since), else null.
   */
  restriction(event: { id: string; sport: string }): 'sport' | 'event' | null;
  /** A refusal named something restricted: from now on it shows as not available. */
  markRestricted(kind: 'sport' | 'event', ref: string): void;
  /** An in-app link: a real href (the same page with `?path=`), clicks handled by the router. */
  link(path: string, attrs: Record<string, string>, ...children: (Node | string)[]): HTMLAnchorElement;
  navigate(path: string): void;
  announce(text: string): void;
  slip: Slip;
  odds: OddsBook;
  setBalance(balance: number | null): void;
};

const FLASH_MS = 2600;

/**
 * The odds the client last saw per outcome, to flash what moved since the previous poll and to keep
 * the slip's selections current (odds, suspended, event closed).
 */
export class OddsBook {
  private last = new Map<string, number>();
  private flashes = new Map<string, { dir: 'up' | 'down'; until: number }>();

  constructor(
    private readonly slip: Slip,
    private readonly announce: (text: string) => void,
    private readonly price: (thousandths: number) => string,
  ) {}

  flash(key: string, now = Date.now()): 'up' | 'down' | null {
    const f = this.flashes.get(key);
    if (!f) return null;
    if (f.until < now) {
      this.flashes.delete(key);
      return null;
    }
    return f.dir;
  }

  /** Takes fresh events (a list or one event's markets) in: flashes, slip updates, announcements. */
  ingest(events: (EventSummary & { markets?: Market[] })[], now = Date.now()): void {
    const slipChanges: string[] = [];
    for (const event of events) {
      const markets = event.markets ?? (event.main ? [event.main] : []);
      for (const market of markets) {
        for (const outcome of market.outcomes) {
          const key = selectionKey({ eventId: event.id, marketId: market.id, outcomeId: outcome.id });
          const dir = direction(this.last.get(key), outcome.odds);
          if (dir) this.flashes.set(key, { dir, until: now + FLASH_MS });
          this.last.set(key, outcome.odds);
          const picked = this.slip.get(key);
          if (picked) {
            if (picked.odds !== outcome.odds)
              slipChanges.push(
                t('oddsMoved', {
                  outcome: picked.outcome,
                  event: picked.event,
                  before: this.price(picked.odds),
                  after: this.price(outcome.odds),
                }),
              );
            this.slip.update(key, { odds: outcome.odds, suspended: outcome.suspended || !isOpen(event) });
          }
        }
      }
      if (!isOpen(event)) this.slip.closeEvent(event.id);
    }
    if (slipChanges.length) this.announce(slipChanges.join('. '));
  }
}

/** The bet slip's selections; listeners re-render the slip and the pressed state of odds buttons. */
export class Slip {
  private items: SlipSelection[] = [];
  private listeners: (() => void)[] = [];
  /**
   * The odds a selection had when it went on the slip (or was last accepted), for selections whose
   * odds moved since — from a poll or a 409 `odds_changed`: shown "old → new", and placing then
   * needs the player's "Accept new odds".
   */
  readonly moved = new Map<string, number>();

  get selections(): readonly SlipSelection[] {
    return this.items;
  }

  get(key: string): SlipSelection | undefined {
    return this.items.find((s) => selectionKey(s) === key);
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  private set(next: SlipSelection[]): void {
    this.items = next;
    for (const key of [...this.moved.keys()]) if (!this.has(key)) this.moved.delete(key);
    for (const listener of this.listeners) listener();
  }

  /** `names`: the market's and the outcome's names as the page shows them. */
  toggle(event: EventSummary, market: Market, outcome: Outcome, names: { market: string; outcome: string }): boolean {
    const before = this.items.length;
    const key = selectionKey({ eventId: event.id, marketId: market.id, outcomeId: outcome.id });
    const next = toggleSelection(this.items, {
      eventId: event.id,
      sport: event.sport,
      marketId: market.id,
      outcomeId: outcome.id,
      odds: outcome.odds,
      event: eventName(event),
      market: names.market,
      outcome: names.outcome,
      suspended: outcome.suspended,
      live: isLive(event),
    });
    const refused = next.length === before && !this.has(key) && !this.items.some((s) => s.eventId === event.id);
    this.set(next);
    return !refused;
  }

  remove(key: string): void {
    this.set(this.items.filter((s) => selectionKey(s) !== key));
  }

  update(key: string, patch: Partial<Pick<SlipSelection, 'odds' | 'suspended'>>): void {
    const current = this.get(key);
    if (!current) return;
    if ((patch.odds ?? current.odds) === current.odds && (patch.suspended ?? current.suspended) === current.suspended)
      return;
    if (patch.odds !== undefined && patch.odds !== current.odds) {
      if (!this.moved.has(key)) this.moved.set(key, current.odds);
      else if (this.moved.get(key) === patch.odds) this.moved.delete(key); // back where it was
    }
    this.set(this.items.map((s) => (selectionKey(s) === key ? { ...s, ...patch } : s)));
  }

  closeEvent(eventId: string): void {
    if (!this.items.some((s) => s.eventId === eventId && !s.suspended)) return;
    this.set(this.items.map((s) => (s.eventId === eventId ? { ...s, suspended: true } : s)));
  }

  clear(): void {
    this.set([]);
  }
}

/**
 * An odds button: pressed when on the slip, flashing (▲/▼) when it moved, disabled when suspended or
 * when the casino takes no bets on the event from the player's country (locked, "not available").
 */
export function oddsButton(
  ctx: Ctx,
  event: EventSummary,
  market: Market,
  outcome: Outcome,
  label: string,
): HTMLButtonElement {
  const key = selectionKey({ eventId: event.id, marketId: market.id, outcomeId: outcome.id });
  const dir = ctx.odds.flash(key);
  const restricted = ctx.restriction(event) !== null;
  const closed = outcome.suspended || !isOpen(event) || restricted;
  const pressed = ctx.slip.has(key);
  const price = closed ? '—' : ctx.price(outcome.odds);
  const names = {
    market: marketName(market, event, ctx.localeTag),
    outcome: outcomeName(market.id, outcome, event, ctx.localeTag),
  };
  const state = restricted ? t('notAvailable') : closed ? t('suspended') : price;
  const button = h(
    'button',
    {
      type: 'button',
      class: `odd${dir ? ` ${dir}` : ''}`,
      'aria-pressed': String(pressed),
      'aria-label': `${eventName(event)}, ${names.market}: ${names.outcome} ${state}${
        dir ? `, ${t(dir === 'up' ? 'oddsUp' : 'oddsDown')}` : ''
      }`,
      'data-focus-key': `odd:${key}`,
      disabled: closed && !pressed,
    },
    h('span', { class: 'odd-name' }, label),
    h(
      'span',
      { class: 'odd-price' },
      dir ? h('span', { class: 'odd-arrow', 'aria-hidden': 'true' }, dir === 'up' ? '▲' : '▼') : null,
      closed ? icon('lock', 'lock') : price,
    ),
  );
  button.addEventListener('click', () => {
    if (restricted && !pressed) return;
    if (!ctx.slip.toggle(event, market, outcome, names)) ctx.announce(t('maxSelections'));
  });
  return button;
}
