/** My bets: open tickets (live scores, potential win, cash-out) and settled ones (result, payout). */
import type { Ticket, TicketStatus } from '../../sportsbook/api.ts';
import { SportsbookError } from './api.ts';
import type { Ctx } from './context.ts';
import { h, replaceKeepingFocus } from './dom.ts';
import { startLabel } from './format.ts';
import { t, type MessageKey } from './i18n.ts';
import { marketName, outcomeName } from './names.ts';
import { LIVE_POLL_MS, PREMATCH_POLL_MS, type View } from './views.ts';

type Tab = 'open' | 'settled';

const STATUS_LABEL: Record<TicketStatus, MessageKey> = {
  pending: 'pending',
  open: 'open',
  won: 'won',
  lost: 'lost',
  void: 'void',
  cashed_out: 'cashedOut',
  refused: 'refused',
};

export class MyBetsView implements View {
  readonly el: HTMLElement;
  private tab: Tab = 'open';
  private readonly lists: Record<Tab, Ticket[] | null> = { open: null, settled: null };
  private failed = false;
  private readonly body = h('div', { class: 'view-body' });
  private readonly tabs: Record<Tab, HTMLButtonElement>;
  private readonly guest: boolean;

  constructor(private readonly ctx: Ctx) {
    this.guest = ctx.session.mode === 'demo';
    const tab = (id: Tab) => {
      const b = h(
        'button',
        {
          type: 'button',
          role: 'tab',
          id: `tab-${id}`,
          class: 'tab',
          'aria-controls': 'bets-panel',
          'data-focus-key': `tab-${id}`,
        },
        t(id),
      );
      b.addEventListener('click', () => this.select(id));
      return b;
    };
    this.tabs = { open: tab('open'), settled: tab('settled') };
    const tablist = h(
      'div',
      { class: 'tabs', role: 'tablist', 'aria-label': t('navMyBets') },
      this.tabs.open,
      this.tabs.settled,
    );
    tablist.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      event.preventDefault();
      const next: Tab = this.tab === 'open' ? 'settled' : 'open';
      this.select(next);
      this.tabs[next].focus();
    });
    this.body.id = 'bets-panel';
    this.body.setAttribute('role', 'tabpanel');
    this.el = h(
      'div',
      { class: 'view' },
      h('h1', { class: 'view-title', tabindex: '-1' }, t('navMyBets')),
      this.guest ? null : tablist,
      this.body,
    );
    this.syncTabs();
  }

  private syncTabs(): void {
    for (const id of ['open', 'settled'] as const) {
      const selected = id === this.tab;
      this.tabs[id].setAttribute('aria-selected', String(selected));
      this.tabs[id].tabIndex = selected ? 0 : -1;
    }
    this.body.setAttribute('aria-labelledby', `tab-${this.tab}`);
  }

  private select(tab: Tab): void {
    if (tab === this.tab) return;
    this.tab = tab;
    this.syncTabs();
    this.render();
    void this.refresh();
  }

  async refresh(): Promise<void> {
    if (this.guest) return this.render();
    const tab = this.tab;
    try {
      const tickets = await this.ctx.api.tickets(tab);
      if (tab === 'open') this.noticeSettled(this.lists.open, tickets);
      this.lists[tab] = tickets;
      this.failed = false;
    } catch (error) {
      this.failed = true;
      if (error instanceof SportsbookError && error.status === 401) this.lists[tab] = this.lists[tab] ?? [];
    }
    if (tab === this.tab) this.render();
  }

  /** An open ticket that left the open list was settled: say how (from the settled list). */
  private noticeSettled(before: Ticket[] | null, now: Ticket[]): void {
    if (!before) return;
    const ids = new Set(now.map((ticket) => ticket.id));
    const gone = before.filter((ticket) => !ids.has(ticket.id));
    if (!gone.length) return;
    void this.ctx.api
      .tickets('settled')
      .then((settled) => {
        this.lists.settled = settled;
        for (const ticket of gone) {
          const done = settled.find((s) => s.id === ticket.id);
          if (done)
            this.ctx.announce(
              t('resultSettled', { status: t(STATUS_LABEL[done.status]), sum: this.ctx.money(done.payout ?? 0) }),
            );
        }
        if (this.tab === 'settled') this.render();
      })
      .catch(() => {});
    void this.ctx.api
      .session()
      .then((s) => this.ctx.setBalance(s.balance))
      .catch(() => {});
  }

  delay(): number {
    if (this.tab === 'settled') return PREMATCH_POLL_MS;
    return this.lists.open?.some((ticket) => ticket.selections.some((s) => s.score && s.result === null))
      ? LIVE_POLL_MS
      : 5000;
  }

  render(): void {
    if (this.guest) {
      const login = h('button', { type: 'button', class: 'btn primary' }, t('loginToBet'));
      login.addEventListener('click', () => this.ctx.parent.post({ source: 'sportsbook', type: 'login' }));
      this.body.replaceChildren(h('div', { class: 'notice' }, h('p', {}, t('loginHint')), login));
      return;
    }
    const list = this.lists[this.tab];
    if (!list) {
      this.body.replaceChildren(
        h('p', { class: this.failed ? 'notice' : 'loading' }, this.failed ? t('loadFailed') : t('loading')),
      );
      return;
    }
    if (!list.length) {
      replaceKeepingFocus(
        this.body,
        h('p', { class: 'muted empty-text' }, t(this.tab === 'open' ? 'noOpen' : 'noSettled')),
      );
      return;
    }
    replaceKeepingFocus(this.body, h('div', { class: 'tickets' }, ...list.map((ticket) => this.ticketCard(ticket))));
  }

  private ticketCard(ticket: Ticket): HTMLElement {
    const { ctx } = this;
    const open = ticket.status === 'open' || ticket.status === 'pending';
    const head = h(
      'div',
      { class: 'ticket-head' },
      h(
        'span',
        { class: 'ticket-type' },
        ticket.type === 'single' ? t('single') : `${t('accumulator')} (${ticket.selections.length})`,
      ),
      open
        ? h('time', { class: 'muted small', datetime: ticket.createdAt }, startLabel(ticket.createdAt, ctx.localeTag))
        : h('span', { class: `badge ${ticket.status}` }, t(STATUS_LABEL[ticket.status])),
    );
    const selections = h('ul', { class: 'ticket-picks' }, ...ticket.selections.map((s) => ticketPick(ctx, s)));
    const figures = ticketFigures(ctx, ticket, open);
    let action: HTMLElement | null = null;
    if (ticket.status === 'open') {
      const price = ticket.cashOut;
      action = h(
        'button',
        {
          type: 'button',
          class: 'btn cashout',
          disabled: price === null,
          'data-focus-key': `co:${ticket.id}`,
          'aria-haspopup': 'dialog',
        },
        price === null ? t('cashOutNA') : t('cashOut', { sum: ctx.money(price) }),
      );
      if (price !== null) action.addEventListener('click', () => this.cashOut(ticket, price));
    }
    return h('article', { class: `ticket${open ? '' : ` done ${ticket.status}`}` }, head, selections, figures, action);
  }

  /** Confirm dialog; a 409 `price_changed` shows the new price to confirm again. */
  private cashOut(ticket: Ticket, initial: number): void {
    const { ctx } = this;
    let price = initial;
    let busy = false;
    const text = h('p', {}, t('cashOutConfirm', { sum: ctx.money(price) }));
    const note = h('p', { class: 'slip-warn', role: 'alert', hidden: true });
    const confirm = h('button', { type: 'button', class: 'btn primary' }, t('confirm'));
    const cancel = h('button', { type: 'button', class: 'btn secondary' }, t('cancel'));
    const titleId = `co-${ticket.id}`;
    const dialog = h(
      'dialog',
      { class: 'dialog', 'aria-labelledby': titleId },
      h('h2', { id: titleId }, t('cashOutTitle')),
      text,
      note,
      h('div', { class: 'dialog-actions' }, cancel, confirm),
    );
    const close = () => dialog.close();
    dialog.addEventListener('close', () => dialog.remove());
    cancel.addEventListener('click', close);
    confirm.addEventListener('click', async () => {
      if (busy) return;
      busy = true;
      confirm.disabled = true;
      try {
        const done = await ctx.api.cashOut(ticket.id, price);
        close();
        ctx.announce(t('cashOutDone', { sum: ctx.money(done.payout ?? price) }));
        void ctx.api
          .session()
          .then((s) => ctx.setBalance(s.balance))
          .catch(() => {});
        this.lists.settled = null;
        await this.refresh();
      } catch (error) {
        busy = false;
        confirm.disabled = false;
        note.hidden = false;
        if (error instanceof SportsbookError && error.code === 'price_changed') {
          const next = error.details.cashOut ?? null;
          if (next === null) {
            note.textContent = t('cashOutGone');
            confirm.hidden = true;
            cancel.textContent = t('close');
          } else {
            note.textContent = t('cashOutChanged', { before: ctx.money(price), after: ctx.money(next) });
            price = next;
            text.textContent = t('cashOutConfirm', { sum: ctx.money(price) });
          }
        } else if (error instanceof SportsbookError && error.code === 'not_open') {
          note.textContent = t('cashOutGone');
          confirm.hidden = true;
          cancel.textContent = t('close');
          void this.refresh();
        } else {
          note.textContent =
            error instanceof SportsbookError && error.status === 0
              ? t('errConnection')
              : error instanceof SportsbookError && error.message
                ? error.message
                : t('errGeneric');
        }
      }
    });
    document.body.append(dialog);
    dialog.showModal();
    confirm.focus();
  }
}

/** One selection on a ticket: outcome, market and event (a link), the score, its odds and result. */
function ticketPick(ctx: Ctx, s: Ticket['selections'][number]): HTMLElement {
  return h(
    'li',
    { class: s.result ? `res-${s.result}` : '' },
    h(
      'div',
      { class: 'pick-main' },
      h(
        'span',
        { class: 'pick-outcome' },
        outcomeName(s.marketId, { id: s.outcomeId, name: s.outcome }, s, ctx.localeTag),
      ),
      h('span', { class: 'pick-market' }, marketName({ id: s.marketId, name: s.market }, s, ctx.localeTag)),
      ctx.link(`/events/${encodeURIComponent(s.eventId)}`, { class: 'pick-event' }, s.event),
    ),
    h(
      'div',
      { class: 'pick-odds' },
      s.score ? h('span', { class: 'score' }, `${s.score.home}:${s.score.away}`) : null,
      h('strong', {}, ctx.price(s.odds)),
      s.result
        ? h(
            'span',
            { class: `dot ${s.result}`, title: t(STATUS_LABEL[s.result]) },
            h('span', { class: 'sr-only' }, t(STATUS_LABEL[s.result])),
          )
        : null,
    ),
  );
}

/** A ticket's stake and odds, with its potential win while open, its payout once settled. */
function ticketFigures(ctx: Ctx, ticket: Ticket, open: boolean): HTMLElement {
  return h(
    'dl',
    { class: 'slip-summary ticket-figures' },
    h('div', {}, h('dt', {}, t('stakeLabel')), h('dd', { class: 'mono' }, ctx.money(ticket.stake))),
    h('div', {}, h('dt', {}, t('oddsLabel')), h('dd', { class: 'mono' }, ctx.price(ticket.odds))),
    open
      ? h(
          'div',
          { class: 'win' },
          h('dt', {}, t('potentialWin')),
          h('dd', { class: 'mono' }, ctx.money(ticket.potentialWin)),
        )
      : h('div', { class: 'win' }, h('dt', {}, t('payout')), h('dd', { class: 'mono' }, ctx.money(ticket.payout ?? 0))),
  );
}
