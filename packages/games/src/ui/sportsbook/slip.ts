/**
 * The bet slip: a bottom sheet on phones, a side column from 900 px. Single for one selection,
 * accumulator from two (combined odds = the product, rounded to the nearest thousandth); 409
 * `odds_changed` shows old → new per selection and re-confirms with the new odds. The casino's maximum
 * stake (from the launch) shows beside the stake before a bet, no quick-stake chip goes above it, and a
 * stake above a maximum — the slip's own check, or the casino's refusal with what is still allowed —
 * offers to lower the stake to it.
 */
import type { Ticket } from '../../sportsbook/api.ts';
import { SportsbookError } from './api.ts';
import type { Ctx } from './context.ts';
import { h, replaceKeepingFocus } from './dom.ts';
import { t } from './i18n.ts';
import { parseStake, quote, selectionKey, stakeText, type SlipSelection } from './slip-math.ts';

/** What the slip offers beside an error: log in, deposit, or lower the stake to what is allowed. */
type ErrorAction = 'login' | 'deposit' | { lower: number };

type State =
  | { kind: 'idle' }
  | { kind: 'placing' }
  | { kind: 'error'; message: string; action?: ErrorAction }
  | { kind: 'placed'; ticket: Ticket };

export type SlipView = { el: HTMLElement; open(): void; close(): void };

const stakeId = 'slip-stake';
const hintId = 'slip-stake-hint';
const maxId = 'slip-stake-max';

/** The slip's elements and what changes while it is used: shared by the functions below. */
type SlipParts = ReturnType<typeof stakeElements> &
  ReturnType<typeof frameElements> & {
    ctx: Ctx;
    guest: boolean;
    state: State;
    /** Odds that moved since they went on the slip (a poll or a 409): "old → new" until the player accepts. */
    changed: Map<string, number>;
    keys: string;
    expanded: boolean;
    /** The casino's maximum per ticket in this currency (null: not told; 0: no sports bets in it). */
    maxStake: number | null;
  };

export function createSlip(ctx: Ctx): SlipView {
  const { session } = ctx;
  const stakeParts = stakeElements(ctx, session.maxStake);
  const p: SlipParts = {
    ...stakeParts,
    ...frameElements(stakeParts.stakeBlock),
    ctx,
    guest: session.mode === 'demo',
    state: { kind: 'idle' },
    changed: ctx.slip.moved,
    keys: '',
    expanded: false,
    maxStake: session.maxStake,
  };
  renderLimits(p);
  wireSlip(p);
  ctx.slip.onChange(() => update(p));
  update(p);
  return { el: p.el, open: () => setExpanded(p, true, true), close: () => setExpanded(p, false) };
}

/** The stake field with its label, maximum, quick stakes (both filled by `renderLimits`) and hint. */
function stakeElements(ctx: Ctx, maxStake: number | null) {
  const { session } = ctx;
  const capped = (amount: number) => (maxStake !== null && maxStake > 0 ? Math.min(amount, maxStake) : amount);
  const initialStake = capped(session.stakePresets[0] ?? session.minStake);
  const stakeInput = h('input', {
    id: stakeId,
    class: 'stake-input',
    type: 'text',
    inputmode: 'decimal',
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': `${maxId} ${hintId}`,
    value: initialStake > 0 ? stakeText(initialStake, session.subunit) : '',
  });
  const stakeHint = h('p', { id: hintId, class: 'hint' }, t('stakeHint', { min: ctx.money(session.minStake) }));
  // The maximum, beside the stake: read with the field, before any bet.
  const stakeMax = h('span', { id: maxId, class: 'stake-max' });
  const presets = h('div', { class: 'presets', role: 'group', 'aria-label': t('stake') });
  const stakeBlock = h(
    'div',
    { class: 'stake' },
    h('div', { class: 'stake-head' }, h('label', { for: stakeId }, `${t('stake')} (${session.currency})`), stakeMax),
    stakeInput,
    presets,
    stakeHint,
  );
  return { stakeInput, stakeHint, stakeMax, presets, stakeBlock };
}

/** The slip's frame: the head, the parts `update` fills, the phone's bar and backdrop, the aside around them. */
function frameElements(stakeBlock: HTMLElement) {
  const title = h('h2', { id: 'slip-title' }, t('slip'));
  title.tabIndex = -1;
  const count = h('span', { class: 'count', 'aria-hidden': 'true' });
  const typeLabel = h('span', { class: 'slip-type' });
  const clearButton = h('button', { type: 'button', class: 'link-button' }, t('clear'));
  const closeButton = h(
    'button',
    { type: 'button', class: 'icon-button sheet-close', 'aria-label': t('closeSlip') },
    '✕',
  );

  const status = h('div', { class: 'slip-status', role: 'alert' });
  const list = h('ul', { class: 'slip-list' });
  const summary = h('dl', { class: 'slip-summary' });
  const actions = h('div', { class: 'slip-actions' });
  const empty = h('p', { class: 'muted empty-text slip-empty' }, t('slipEmpty'));
  const form = h('div', { class: 'slip-form' }, list, summary, stakeBlock);
  const placedBox = h('div', { class: 'placed-box' });

  const panel = h(
    'div',
    { id: 'slip-panel', class: 'slip-panel' },
    h(
      'div',
      { class: 'slip-head' },
      // The title with its count and type: the type goes under the title when a language's words are long.
      h('div', { class: 'slip-heading' }, title, count, typeLabel),
      clearButton,
      closeButton,
    ),
    empty,
    form,
    placedBox,
    status,
    actions,
  );
  const barCount = h('span', { class: 'bar-count' });
  const barOdds = h('span', { class: 'bar-odds' });
  const bar = h(
    'button',
    { type: 'button', class: 'slip-bar', 'aria-expanded': 'false', 'aria-controls': 'slip-panel' },
    h('span', { class: 'bar-title' }, t('slip')),
    barCount,
    barOdds,
    h('span', { class: 'bar-chevron', 'aria-hidden': 'true' }, '▴'),
  );
  const backdrop = h('div', { class: 'slip-backdrop', hidden: true });
  const el = h('aside', { class: 'slip', 'aria-labelledby': 'slip-title' }, backdrop, bar, panel);
  return {
    title,
    count,
    typeLabel,
    clearButton,
    closeButton,
    status,
    list,
    summary,
    actions,
    empty,
    form,
    placedBox,
    barCount,
    barOdds,
    bar,
    backdrop,
    el,
  };
}

/** The slip's own controls: the stake field, clear, and opening and closing the sheet. */
function wireSlip(p: SlipParts): void {
  const { ctx, stakeInput, stakeHint } = p;
  stakeInput.addEventListener('input', () => {
    stakeInput.removeAttribute('aria-invalid');
    stakeHint.classList.remove('error');
    stakeHint.textContent = t('stakeHint', { min: ctx.money(ctx.session.minStake) });
    if (p.state.kind === 'error' && typeof p.state.action === 'object') p.state = { kind: 'idle' };
    update(p);
  });
  stakeInput.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void place(p);
    }
  });
  p.clearButton.addEventListener('click', () => {
    ctx.slip.clear();
    p.state = { kind: 'idle' };
  });
  p.closeButton.addEventListener('click', () => setExpanded(p, false, true));
  p.bar.addEventListener('click', () => setExpanded(p, !p.expanded, true));
  p.backdrop.addEventListener('click', () => setExpanded(p, false, true));
  p.el.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && p.expanded) {
      event.stopPropagation();
      setExpanded(p, false, true);
    }
  });
}

function setStake(p: SlipParts, amount: number): void {
  const { ctx, stakeInput, stakeHint } = p;
  stakeInput.value = stakeText(amount, ctx.session.subunit);
  stakeInput.removeAttribute('aria-invalid');
  stakeHint.classList.remove('error');
  stakeHint.textContent = t('stakeHint', { min: ctx.money(ctx.session.minStake) });
  update(p);
}

/** The quick stakes: never one above the maximum; the maximum itself when some were left out. */
function renderLimits(p: SlipParts): void {
  const { ctx, presets, stakeMax, maxStake } = p;
  const { session } = ctx;
  const under = session.stakePresets.filter((amount) => maxStake === null || amount <= maxStake);
  const chips =
    maxStake !== null && maxStake >= session.minStake && under.length < session.stakePresets.length
      ? [...under.filter((amount) => amount < maxStake!), maxStake]
      : under;
  presets.replaceChildren(
    ...chips.map((amount) => {
      const b = h('button', { type: 'button', class: 'chip' }, ctx.money(amount));
      b.addEventListener('click', () => setStake(p, amount));
      return b;
    }),
  );
  presets.hidden = chips.length === 0;
  stakeMax.hidden = maxStake === null;
  stakeMax.textContent =
    maxStake === null
      ? ''
      : maxStake === 0
        ? t('noBetsInCurrency', { currency: session.currency })
        : t('stakeMax', { max: ctx.money(maxStake) });
  stakeMax.title = maxStake ? t('stakeMaxLabel', { max: ctx.money(maxStake) }) : '';
  stakeMax.classList.toggle('none', maxStake === 0);
}

function setExpanded(p: SlipParts, value: boolean, moveFocus = false): void {
  p.expanded = value;
  p.el.classList.toggle('expanded', value);
  p.bar.setAttribute('aria-expanded', String(value));
  p.backdrop.hidden = !value;
  document.documentElement.classList.toggle('sheet-open', value);
  if (moveFocus) (value ? p.title : p.bar).focus?.();
}

/** The stake as typed, in minor units (null: not an amount). */
function stake(p: SlipParts): number | null {
  return parseStake(p.stakeInput.value, p.ctx.session.subunit);
}

function selectionsChanged(p: SlipParts): boolean {
  const next = p.ctx.slip.selections.map(selectionKey).join(',');
  const was = p.keys;
  p.keys = next;
  return next !== was;
}

function update(p: SlipParts): void {
  const { ctx } = p;
  const selections = ctx.slip.selections;
  if (selectionsChanged(p)) {
    if (p.state.kind === 'error') p.state = { kind: 'idle' };
    if (p.state.kind === 'placed' && selections.length > 0) p.state = { kind: 'idle' };
  }
  const q = quote(selections, stake(p));
  const n = selections.length;
  p.el.classList.toggle('has-items', n > 0 || p.state.kind === 'placed');
  p.count.textContent = n ? String(n) : '';
  p.barCount.textContent = String(n);
  p.barOdds.textContent = n ? ctx.price(q.odds) : '';
  p.bar.setAttribute('aria-label', `${t('openSlip')}: ${n}${n ? `, ${t('totalOdds')} ${ctx.price(q.odds)}` : ''}`);
  p.typeLabel.textContent = n ? t(q.type === 'single' ? 'single' : 'accumulator') : '';
  p.clearButton.hidden = n === 0 || p.state.kind === 'placing';

  if (p.state.kind === 'placed') {
    p.empty.hidden = true;
    p.form.hidden = true;
    setStatus(p, null);
    p.placedBox.replaceChildren(confirmation(ctx, p.state.ticket));
    replaceKeepingFocus(p.actions, ...placedActions(p));
    return;
  }
  p.empty.hidden = n > 0;
  p.form.hidden = n === 0;
  p.placedBox.replaceChildren();

  replaceKeepingFocus(p.list, ...selections.map((s) => pickItem(p, s)));

  const potential = q.potentialWin;
  p.summary.replaceChildren(
    h('div', {}, h('dt', {}, t('totalOdds')), h('dd', { class: 'mono' }, n ? ctx.price(q.odds) : '—')),
    h(
      'div',
      { class: 'win' },
      h('dt', {}, t('potentialWin')),
      h('dd', { class: 'mono' }, potential !== null ? ctx.money(potential) : '—'),
    ),
  );

  updateStatus(p, selections);
  replaceKeepingFocus(p.actions, ...betActions(p, n));
}

/** One selection on the slip: what was picked, its odds (old → new when they moved), and removing it. */
function pickItem(p: SlipParts, s: SlipSelection): HTMLElement {
  const { ctx } = p;
  const key = selectionKey(s);
  const before = p.changed.get(key);
  const remove = h(
    'button',
    {
      type: 'button',
      class: 'icon-button remove',
      'aria-label': t('remove', { name: `${s.outcome}, ${s.event}` }),
      'data-focus-key': `rm:${key}`,
    },
    '✕',
  );
  remove.addEventListener('click', () => ctx.slip.remove(key));
  const unavailable = ctx.restriction({ id: s.eventId, sport: s.sport }) !== null;
  return h(
    'li',
    {
      class: `pick${s.suspended || unavailable ? ' suspended' : ''}${before !== undefined ? ' moved' : ''}`,
    },
    h(
      'div',
      { class: 'pick-main' },
      h('span', { class: 'pick-outcome' }, s.outcome),
      h('span', { class: 'pick-market' }, s.market),
      h('span', { class: 'pick-event' }, s.live ? `● ${s.event}` : s.event),
    ),
    h(
      'div',
      { class: 'pick-odds' },
      before !== undefined && before !== s.odds
        ? h(
            'span',
            { class: 'was' },
            h('s', {}, ctx.price(before)),
            h('span', { 'aria-hidden': 'true' }, ' → '),
            h('span', { class: 'sr-only' }, ` ${t('oddsLabel')} `),
          )
        : null,
      unavailable
        ? h('span', { class: 'susp' }, t('notAvailable'))
        : s.suspended
          ? h('span', { class: 'susp' }, t('suspended'))
          : h('strong', {}, ctx.price(s.odds)),
    ),
    remove,
  );
}

/** The alert under the picks: the refusal, a pick no longer available, or odds that moved. */
function updateStatus(p: SlipParts, selections: readonly SlipSelection[]): void {
  const { ctx } = p;
  const unavailable = selections.some((s) => ctx.restriction({ id: s.eventId, sport: s.sport }) !== null);
  if (p.state.kind === 'error') {
    setStatus(p, h('p', { class: 'slip-error' }, p.state.message));
  } else if (unavailable) {
    setStatus(p, h('p', { class: 'slip-error' }, t('pickNotAvailable')));
  } else if (p.changed.size > 0) {
    const suspended = selections.some((s) => s.suspended);
    setStatus(
      p,
      h(
        'div',
        { class: 'slip-warn' },
        h('strong', {}, t('oddsChangedTitle')),
        h('span', {}, suspended ? t('removeSuspended') : t('oddsChangedText')),
      ),
    );
  } else setStatus(p, null);
}

/** The alert region changes only when its words do: polls must not make it speak again. */
function setStatus(p: SlipParts, node: HTMLElement | null): void {
  if ((node?.textContent ?? '') === p.status.textContent) return;
  p.status.replaceChildren(...(node ? [node] : []));
}

function betActions(p: SlipParts, n: number): Node[] {
  const { ctx } = p;
  if (n === 0) return [];
  if (p.guest) {
    const login = h('button', { type: 'button', class: 'btn primary', 'data-focus-key': 'act' }, t('loginToBet'));
    login.addEventListener('click', () => ctx.parent.post({ source: 'sportsbook', type: 'login' }));
    return [login];
  }
  const out: Node[] = [];
  const action = p.state.kind === 'error' ? p.state.action : undefined;
  if (action) out.push(errorActionButton(p, action));
  const suspended = ctx.slip.selections.some(
    (s) => s.suspended || ctx.restriction({ id: s.eventId, sport: s.sport }) !== null,
  );
  const placing = p.state.kind === 'placing';
  const label = placing ? t('placing') : p.changed.size > 0 ? t('acceptOdds') : t('placeBet');
  const stakeNow = stake(p);
  const placeButton = h(
    'button',
    {
      type: 'button',
      class: 'btn primary',
      'data-focus-key': 'act',
      disabled: placing || suspended || p.maxStake === 0,
      'aria-busy': placing ? 'true' : null,
    },
    h('span', {}, label),
    stakeNow !== null && stakeNow > 0 && !placing ? h('span', { class: 'btn-sub' }, ctx.money(stakeNow)) : null,
  );
  placeButton.addEventListener('click', () => void place(p));
  out.push(placeButton);
  return out;
}

/** The button beside an error: lower the stake, log in or deposit. */
function errorActionButton(p: SlipParts, action: ErrorAction): HTMLElement {
  const { ctx } = p;
  if (typeof action === 'object') {
    // The refusal's way out: the stake set to what is allowed, the bet left for the player to place.
    const lower = action.lower;
    const b = h(
      'button',
      { type: 'button', class: 'btn secondary', 'data-focus-key': 'act-lower' },
      t('lowerTo', { max: ctx.money(lower) }),
    );
    b.addEventListener('click', () => {
      p.state = { kind: 'idle' };
      setStake(p, lower);
      p.actions.querySelector<HTMLElement>('[data-focus-key="act"]')?.focus({ preventScroll: true });
      ctx.announce(`${t('stake')} ${ctx.money(lower)}`);
    });
    return b;
  }
  const b = h(
    'button',
    { type: 'button', class: 'btn secondary', 'data-focus-key': `act-${action}` },
    t(action === 'login' ? 'loginToBet' : 'deposit'),
  );
  b.addEventListener('click', () => ctx.parent.post({ source: 'sportsbook', type: action }));
  return b;
}

function placedActions(p: SlipParts): Node[] {
  const done = h('button', { type: 'button', class: 'btn secondary', 'data-focus-key': 'done' }, t('done'));
  done.addEventListener('click', () => {
    p.state = { kind: 'idle' };
    update(p);
    setExpanded(p, false, p.expanded);
  });
  const mine = h('button', { type: 'button', class: 'btn primary', 'data-focus-key': 'mine' }, t('viewMyBets'));
  mine.addEventListener('click', () => {
    p.state = { kind: 'idle' };
    update(p);
    setExpanded(p, false);
    p.ctx.navigate('/my-bets');
  });
  return [done, mine];
}

function confirmation(ctx: Ctx, ticket: Ticket): HTMLElement {
  return h(
    'div',
    { class: 'placed' },
    h('p', { class: 'placed-title' }, h('span', { class: 'tick', 'aria-hidden': 'true' }, '✓'), t('betPlaced')),
    h(
      'p',
      { class: 'muted small' },
      `${t('ticket')} #${ticket.id.slice(0, 8)} · ${ticket.type === 'single' ? t('single') : t('accumulator')}`,
    ),
    h(
      'ul',
      { class: 'placed-list' },
      ...ticket.selections.map((s) =>
        h(
          'li',
          {},
          h('span', {}, h('strong', {}, s.outcome), h('span', { class: 'muted small' }, ` ${s.market} · ${s.event}`)),
          h('span', { class: 'mono' }, ctx.price(s.odds)),
        ),
      ),
    ),
    h(
      'dl',
      { class: 'slip-summary' },
      h('div', {}, h('dt', {}, t('stakeLabel')), h('dd', { class: 'mono' }, ctx.money(ticket.stake))),
      h('div', {}, h('dt', {}, t('totalOdds')), h('dd', { class: 'mono' }, ctx.price(ticket.odds))),
      h(
        'div',
        { class: 'win' },
        h('dt', {}, t('potentialWin')),
        h('dd', { class: 'mono' }, ctx.money(ticket.potentialWin)),
      ),
    ),
  );
}

async function place(p: SlipParts): Promise<void> {
  const { ctx } = p;
  const { session } = ctx;
  if (p.state.kind === 'placing' || ctx.slip.selections.length === 0) return;
  if (p.guest) {
    ctx.parent.post({ source: 'sportsbook', type: 'login' });
    return;
  }
  const amount = stake(p);
  if (amount === null || amount < session.minStake) {
    p.stakeInput.setAttribute('aria-invalid', 'true');
    p.stakeHint.classList.add('error');
    p.stakeHint.textContent = t('stakeInvalid', { min: ctx.money(session.minStake) });
    p.stakeInput.focus();
    return;
  }
  const { maxStake } = p;
  if (maxStake !== null && amount > maxStake) {
    // Known before any call: the maximum per ticket, and the stake that fits it.
    p.state =
      maxStake >= session.minStake
        ? { kind: 'error', message: t('stakeAboveMax', { max: ctx.money(maxStake) }), action: { lower: maxStake } }
        : { kind: 'error', message: t('noBetsInCurrency', { currency: session.currency }) };
    update(p);
    p.actions.querySelector<HTMLElement>('[data-focus-key]')?.focus({ preventScroll: true });
    return;
  }
  if (ctx.slip.selections.some((s) => s.suspended || ctx.restriction({ id: s.eventId, sport: s.sport }) !== null))
    return;
  const selections = ctx.slip.selections.map(({ eventId, marketId, outcomeId, odds }) => ({
    eventId,
    marketId,
    outcomeId,
    odds,
  }));
  p.state = { kind: 'placing' };
  update(p);
  try {
    const ticket = await ctx.api.placeTicket({
      type: selections.length >= 2 ? 'accumulator' : 'single',
      stake: amount,
      selections,
      acceptOddsChanges: false,
    });
    p.state = { kind: 'placed', ticket };
    ctx.slip.clear();
    ctx.announce(`${t('betPlaced')}. ${t('potentialWin')} ${ctx.money(ticket.potentialWin)}.`);
    void ctx.api
      .session()
      .then((s) => ctx.setBalance(s.balance))
      .catch(() => {});
  } catch (error) {
    p.state = refusal(p, error);
  }
  update(p);
  if (p.state.kind === 'placed' || p.state.kind === 'error' || p.changed.size > 0) {
    // The action row was rebuilt: keep the keyboard on it.
    p.actions.querySelector<HTMLElement>('[data-focus-key]')?.focus({ preventScroll: true });
  }
}

function refusal(p: SlipParts, error: unknown): State {
  const { ctx, changed } = p;
  if (!(error instanceof SportsbookError)) return { kind: 'error', message: t('errGeneric') };
  if (error.code === 'odds_changed' && error.details.selections) {
    for (const now of error.details.selections) {
      const key = selectionKey(now);
      const picked = ctx.slip.get(key);
      if (!picked) continue;
      ctx.slip.update(key, { odds: now.odds, suspended: now.suspended });
    }
    if (changed.size === 0 && !ctx.slip.selections.some((s) => s.suspended))
      return { kind: 'error', message: error.message || t('errGeneric') };
    ctx.announce(
      `${t('oddsChangedTitle')}. ${[...changed].map(([key, before]) => `${ctx.slip.get(key)?.outcome ?? ''} ${ctx.price(before)} → ${ctx.price(ctx.slip.get(key)?.odds ?? before)}`).join(', ')}`,
    );
    return { kind: 'idle' };
  }
  if (error.status === 401 || error.code === 'guest' || error.code === 'no_session')
    return { kind: 'error', message: t('loginToBet'), action: 'login' };
  if (error.code === 'wallet') return walletRefusal(p, error);
  if (error.code === 'event_closed') return { kind: 'error', message: t('eventClosed') };
  if (error.status === 0) return { kind: 'error', message: t('errConnection') };
  if (error.status === 422 || error.status === 409) return { kind: 'error', message: error.message || t('errGeneric') };
  return { kind: 'error', message: t('errGeneric') };
}

/** The casino's refusal in the page's words, with what the player can do about it. */
function walletRefusal(p: SlipParts, error: SportsbookError): State {
  const { ctx } = p;
  const { session } = ctx;
  const { walletCode, maxBet, limit, reason, ref } = error.details;
  if (walletCode === 15001) return { kind: 'error', message: t('insufficient'), action: 'deposit' };
  if (walletCode === 14311 && maxBet !== undefined) {
    if (limit === 'bet') {
      // The maximum per ticket as the casino has it now (the operator may have changed it since the launch).
      p.maxStake = maxBet;
      renderLimits(p);
      if (maxBet < session.minStake)
        return { kind: 'error', message: t('noBetsInCurrency', { currency: session.currency }) };
      return { kind: 'error', message: t('refusedMaxBet', { max: ctx.money(maxBet) }), action: { lower: maxBet } };
    }
    if (maxBet < session.minStake) return { kind: 'error', message: t('refusedEventFull') };
    return { kind: 'error', message: t('refusedMaxEvent', { max: ctx.money(maxBet) }), action: { lower: maxBet } };
  }
  if (walletCode === 14306 && (reason === 'sport' || reason === 'event') && ref) {
    ctx.markRestricted(reason, ref);
    return { kind: 'idle' };
  }
  if (walletCode === 14100 || walletCode === 14101) return { kind: 'error', message: t('limitReached') };
  if (walletCode === 14105 || walletCode === 14103) return { kind: 'error', message: t('excluded') };
  return { kind: 'error', message: error.message || t('errGeneric') };
}
