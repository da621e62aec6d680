/** The pages: home (live now, upcoming by sport), a sport (leagues and events), an event (all markets). */
import type { EventDetail, EventSummary, SportId, SportSummary } from '../../sportsbook/api.ts';
import { SportsbookError } from './api.ts';
import { oddsButton, type Ctx } from './context.ts';
import { h, replaceKeepingFocus } from './dom.ts';
import { icon } from './icons.ts';
import { eventName, isLive, shortOutcome, startLabel } from './format.ts';
import { t } from './i18n.ts';
import { marketName, outcomeName, sportName } from './names.ts';
import { SPORTS } from './router.ts';

/** A page: fetches its data (the app polls it while visible), renders into `el`. */
export type View = {
  el: HTMLElement;
  /** Fetches and renders; `tick` counts polls since the page opened (0 first). */
  refresh(tick: number): Promise<void>;
  /** Milliseconds to the next poll: ~3 s with live data on the page, ~15 s for pre-match only. */
  delay(): number;
  render(): void;
};

export const LIVE_POLL_MS = 3000;
export const PREMATCH_POLL_MS = 15_000;

/** The state line of an event: LIVE + clock, a final label, or the start time. */
function statusLine(ctx: Ctx, event: EventSummary): HTMLElement {
  if (isLive(event))
    return h(
      'span',
      { class: 'ev-status live' },
      h('span', { class: 'live-pill' }, t('live')),
      event.clock ? h('span', { class: 'clock' }, event.clock) : null,
    );
  if (event.status === 'ended' || event.status === 'settled')
    return h('span', { class: 'ev-status' }, event.clock ?? t('ended'));
  if (event.status === 'void') return h('span', { class: 'ev-status' }, t('void'));
  return h('time', { class: 'ev-status', datetime: event.startsAt }, startLabel(event.startsAt, ctx.localeTag));
}

/** One event in a list: league and time, teams (a link to the event) with the score, the main odds. */
export function eventRow(ctx: Ctx, event: EventSummary, options: { league?: boolean } = {}): HTMLElement {
  const score = event.score;
  const team = (name: string, goals: number | undefined) =>
    h(
      'span',
      { class: 'team' },
      h('span', { class: 'team-name' }, name),
      goals !== undefined ? h('span', { class: 'team-score' }, String(goals)) : null,
    );
  const main = event.main;
  const restricted = ctx.restriction(event) !== null;
  const odds = restricted
    ? // Not taken from the player's country: no odds to pick, and it says so.
      h('div', { class: 'odds empty na' }, icon('lock', 'lock'), h('span', { class: 'small' }, t('notAvailable')))
    : main && main.outcomes.length
      ? h(
          'div',
          {
            class: `odds cols-${Math.min(3, main.outcomes.length)}`,
            role: 'group',
            'aria-label': marketName(main, event, ctx.localeTag),
          },
          ...main.outcomes.map((o) => oddsButton(ctx, event, main, o, shortOutcome(o))),
        )
      : h('div', { class: 'odds empty' }, h('span', { class: 'muted small' }, t('suspended')));
  return h(
    'article',
    { class: `ev${isLive(event) ? ' is-live' : ''}${restricted ? ' is-na' : ''}`, 'aria-label': eventName(event) },
    h(
      'div',
      { class: 'ev-head' },
      options.league === false ? h('span', {}) : h('span', { class: 'ev-league' }, event.league),
      statusLine(ctx, event),
    ),
    ctx.link(
      `/events/${encodeURIComponent(event.id)}`,
      { class: 'ev-teams', 'data-focus-key': `ev:${event.id}` },
      team(event.home, score?.home),
      team(event.away, score?.away),
      h('span', { class: 'sr-only' }, restricted ? `, ${t('notAvailable')}` : `, ${t('allMarkets')}`),
    ),
    odds,
  );
}

function section(title: string, ...children: (Node | null)[]): HTMLElement {
  const id = `s-${Math.random().toString(36).slice(2, 8)}`;
  return h('section', { class: 'block', 'aria-labelledby': id }, h('h2', { id }, title), ...children);
}

function notice(text: string, action?: { label: string; run: () => void }): HTMLElement {
  const el = h('div', { class: 'notice' }, h('p', {}, text));
  if (action) {
    const button = h('button', { type: 'button', class: 'btn ghost' }, action.label);
    button.addEventListener('click', action.run);
    el.append(button);
  }
  return el;
}

/** A view skeleton: heading + body, with a retry notice when the first load fails. */
abstract class BaseView implements View {
  readonly el = h('div', { class: 'view' });
  protected readonly body = h(
    'div',
    { class: 'view-body', 'aria-busy': 'true' },
    h('p', { class: 'loading' }, t('loading')),
  );
  protected failed = false;
  protected loaded = false;

  constructor(
    protected readonly ctx: Ctx,
    title: Node,
  ) {
    this.el.append(title, this.body);
  }

  abstract refresh(tick: number): Promise<void>;
  abstract delay(): number;
  protected abstract content(): Node[];

  protected async load(run: () => Promise<void>): Promise<void> {
    try {
      await run();
      this.loaded = true;
      this.failed = false;
    } catch (error) {
      this.failed = true;
      if (error instanceof SportsbookError && error.status === 404) this.loaded = true;
      else if (this.loaded) return; // keep what is shown; the next poll retries
      this.onError(error);
    }
    this.render();
  }

  protected onError(_error: unknown): void {}

  render(): void {
    this.body.removeAttribute('aria-busy');
    if (!this.loaded && this.failed) {
      replaceKeepingFocus(this.body, notice(t('loadFailed'), { label: t('retry'), run: () => void this.refresh(0) }));
      return;
    }
    if (!this.loaded) return;
    replaceKeepingFocus(this.body, ...this.content());
  }
}

function heading(text: string, before?: Node): HTMLHeadingElement {
  return h('h1', { class: 'view-title', tabindex: '-1' }, before ?? null, h('span', { class: 'title-text' }, text));
}

export class HomeView extends BaseView {
  private live: EventSummary[] = [];
  private upcoming: EventSummary[] = [];

  constructor(ctx: Ctx) {
    super(ctx, heading(t('brand')));
    this.el.querySelector('h1')!.classList.add('sr-only');
  }

  async refresh(tick: number): Promise<void> {
    await this.load(async () => {
      // Live every poll; the pre-match list every fifth (~15 s).
      if (tick % 5 === 0 || !this.loaded) {
        const all = await this.ctx.api.events();
        this.live = all.filter(isLive);
        this.upcoming = all.filter((e) => e.status === 'scheduled');
        this.ctx.odds.ingest(all);
      } else {
        this.live = await this.ctx.api.events({ live: true });
        const liveIds = new Set(this.live.map((e) => e.id));
        this.upcoming = this.upcoming.filter((e) => !liveIds.has(e.id));
        this.ctx.odds.ingest(this.live);
      }
    });
  }

  delay(): number {
    return LIVE_POLL_MS;
  }

  protected content(): Node[] {
    const bySport = SPORTS.map((sport) => ({
      sport,
      events: this.upcoming.filter((e) => e.sport === sport).slice(0, 5),
    })).filter((g) => g.events.length > 0);
    return [
      section(
        t('liveNow'),
        this.live.length
          ? h('div', { class: 'ev-list' }, ...this.live.map((e) => eventRow(this.ctx, e)))
          : h('p', { class: 'muted empty-text' }, t('noLive')),
      ),
      section(
        t('upcoming'),
        ...(bySport.length
          ? bySport.map(({ sport, events }) =>
              h(
                'div',
                { class: 'group' },
                h(
                  'div',
                  { class: 'group-head' },
                  h('h3', {}, icon(sport), sportName(sport)),
                  this.ctx.link(`/sports/${sport}`, { class: 'more' }, `${t('allOf', { sport: sportName(sport) })} ›`),
                ),
                h('div', { class: 'ev-list' }, ...events.map((e) => eventRow(this.ctx, e))),
              ),
            )
          : [h('p', { class: 'muted empty-text' }, t('noEvents'))]),
      ),
    ];
  }
}

export class SportView extends BaseView {
  private events: EventSummary[] = [];
  private summary: SportSummary | null = null;

  constructor(
    ctx: Ctx,
    private readonly sport: SportId,
  ) {
    super(ctx, heading(sportName(sport), icon(sport)));
  }

  async refresh(tick: number): Promise<void> {
    await this.load(async () => {
      const [events, sports] = await Promise.all([
        this.ctx.api.events({ sport: this.sport }),
        tick % 10 === 0 || !this.summary ? this.ctx.api.sports().catch(() => null) : Promise.resolve(null),
      ]);
      this.events = events;
      // The leagues' order; the sport's name is the page language's own (the provider's is English).
      const summary = sports?.find((s) => s.id === this.sport);
      if (summary) this.summary = summary;
      this.ctx.odds.ingest(events);
    });
  }

  delay(): number {
    return this.events.some(isLive) ? LIVE_POLL_MS : PREMATCH_POLL_MS;
  }

  protected content(): Node[] {
    const restricted = this.ctx.restriction({ id: '', sport: this.sport }) === 'sport';
    // Not taken from the player's country: said first, every row below locked.
    const before: Node[] = restricted
      ? [
          h(
            'p',
            { class: 'notice na-notice' },
            icon('lock', 'lock'),
            t('sportNotAvailable', { sport: sportName(this.sport) }),
          ),
        ]
      : [];
    if (!this.events.length) return [...before, h('p', { class: 'muted empty-text' }, t('noEvents'))];
    const leagues = new Map<string, EventSummary[]>();
    for (const e of this.events) leagues.set(e.leagueId, [...(leagues.get(e.leagueId) ?? []), e]);
    // The provider's league order when it gave one, else the order events came in (live first).
    const order = this.summary?.leagues.map((l) => l.id) ?? [];
    const ids = [...leagues.keys()].sort((a, b) => rank(order, a) - rank(order, b));
    const sections = ids.map((id) => {
      const events = leagues.get(id)!;
      const league = this.summary?.leagues.find((l) => l.id === id);
      const title = league?.country ? `${league.country} · ${league.name}` : events[0]!.league;
      return section(
        title,
        h('div', { class: 'ev-list' }, ...events.map((e) => eventRow(this.ctx, e, { league: false }))),
      );
    });
    return [...before, ...sections];
  }
}

const rank = (order: string[], id: string) => {
  const i = order.indexOf(id);
  return i < 0 ? order.length : i;
};

export class EventView extends BaseView {
  private event: EventDetail | null = null;
  private gone = false;

  constructor(
    ctx: Ctx,
    private readonly id: string,
  ) {
    super(ctx, h('div', { class: 'crumbs' }));
  }

  async refresh(): Promise<void> {
    await this.load(async () => {
      this.event = await this.ctx.api.event(this.id);
      this.gone = false;
      this.ctx.odds.ingest([this.event]);
    });
  }

  protected override onError(error: unknown): void {
    if (error instanceof SportsbookError && error.status === 404) this.gone = true;
  }

  delay(): number {
    return this.event && isLive(this.event) ? LIVE_POLL_MS : PREMATCH_POLL_MS;
  }

  protected content(): Node[] {
    const crumbs = this.el.querySelector<HTMLElement>('.crumbs')!;
    const e = this.event;
    if (this.gone || !e) {
      crumbs.replaceChildren();
      return [
        h('h1', { class: 'view-title', tabindex: '-1' }, t('eventGone')),
        this.ctx.link('/', { class: 'btn ghost' }, t('goHome')),
      ];
    }
    crumbs.replaceChildren(
      this.ctx.link(
        `/sports/${e.sport}`,
        { class: 'back', 'data-focus-key': 'back' },
        `‹ ${sportName(e.sport, e.sportName)}`,
      ),
      h('span', { class: 'muted' }, ` · ${e.league}`),
    );
    const live = isLive(e);
    const score = e.score;
    const header = h(
      'div',
      { class: `ev-hero${live ? ' is-live' : ''}` },
      h('div', { class: 'hero-status' }, statusLine(this.ctx, e)),
      h(
        'h1',
        { class: 'hero-teams', tabindex: '-1' },
        h('span', { class: 'hero-team' }, e.home),
        h(
          'span',
          { class: 'hero-score', 'aria-label': score ? `${score.home}:${score.away}` : 'vs' },
          score ? `${score.home} : ${score.away}` : 'vs',
        ),
        h('span', { class: 'hero-team' }, e.away),
      ),
    );
    const restriction = this.ctx.restriction(e);
    if (restriction)
      // Not taken from the player's country: the markets' odds are not offered, and it says why.
      return [
        header,
        h(
          'p',
          { class: 'notice na-notice' },
          icon('lock', 'lock'),
          restriction === 'sport'
            ? t('sportNotAvailable', { sport: sportName(e.sport, e.sportName) })
            : t('eventNotAvailable'),
        ),
      ];
    const locale = this.ctx.localeTag;
    const markets = e.markets.length
      ? e.markets.map((m) =>
          h(
            'section',
            { class: 'market', 'aria-label': marketName(m, e, locale) },
            h('h2', {}, marketName(m, e, locale)),
            h(
              'div',
              { class: `odds cols-${m.outcomes.length === 3 ? 3 : 2}` },
              ...m.outcomes.map((o) => oddsButton(this.ctx, e, m, o, outcomeName(m.id, o, e, locale))),
            ),
          ),
        )
      : [h('p', { class: 'muted empty-text' }, t('suspended'))];
    return [header, h('h2', { class: 'sr-only' }, t('markets')), ...markets];
  }
}

export class NotFoundView implements View {
  readonly el: HTMLElement;

  constructor(ctx: Ctx) {
    this.el = h(
      'div',
      { class: 'view' },
      heading(t('notFoundTitle')),
      h('p', { class: 'muted' }, t('notFoundText')),
      ctx.link('/', { class: 'btn ghost' }, t('goHome')),
    );
  }

  async refresh(): Promise<void> {}
  delay(): number {
    return 60_000;
  }
  render(): void {}
}
