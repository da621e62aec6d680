/**
 * The bet slip: a bottom sheet on phones, a side column from 900 px. Single for one selection,
 * accumulator from two (combined odds = the product, rounded down to a thousandth); 409 `odds_changed`
 * shows old → new per selection and re-confirms with the new odds.
 */
import type { Ticket } from '../../sportsbook/api.ts';
import { SportsbookError } from './api.ts';
import type { Ctx } from './context.ts';
import { h, replaceKeepingFocus } from './dom.ts';
import { t } from './i18n.ts';
import { formatOdds, parseStake, quote, selectionKey, stakeText } from './slip-math.ts';

type State =
  | { kind: 'idle' }
  | { kind: 'placing' }
  | { kind: 'error'; message: string; action?: 'login' | 'deposit' }
  | { kind: 'placed'; ticket: Ticket };

export type SlipView = { el: HTMLElement; open(): void; close(): void };

export function createSlip(ctx: Ctx): SlipView {
  const { session } = ctx;
  const guest = session.mode === 'demo';
  let state: State = { kind: 'idle' };
  /** Odds that moved since they went on the slip (a poll or a 409): "old → new" until the player accepts. */
  const changed = ctx.slip.moved;
  let keys = '';
  let expanded = false;

  const stakeId = 'slip-stake';
  const hintId = 'slip-stake-hint';
  const initialStake = session.stakePresets[0] ?? session.minStake;
  const stakeInput = h('input', {
    id: stakeId,
    class: 'stake-input',
    type: 'text',
    inputmode: 'decimal',
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': hintId,
    value: initialStake > 0 ? stakeText(initialStake, session.subunit) : '',
  });
  const stakeHint = h('p', { id: hintId, class: 'hint' }, t('stakeHint', { min: ctx.money(session.minStake) }));
  const presets = h(
    'div',
    { class: 'presets', role: 'group', 'aria-label': t('stake') },
    ...session.stakePresets.map((amount) => {
      const b = h('button', { type: 'button', class: 'chip' }, ctx.money(amount));
      b.addEventListener('click', () => {
        stakeInput.value = stakeText(amount, session.subunit);
        stakeInput.removeAttribute('aria-invalid');
        update();
      });
      return b;
    }),
  );
  const stakeBlock = h(
    'div',
    { class: 'stake' },
    h('label', { for: stakeId }, `${t('stake')} (${session.currency})`),
    stakeInput,
    presets,
    stakeHint,
  );
  stakeInput.addEventListener('input', () => {
    stakeInput.removeAttribute('aria-invalid');
    stakeHint.classList.remove('error');
    stakeHint.textContent = t('stakeHint', { min: ctx.money(session.minStake) });
    update();
  });
  stakeInput.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void place();
    }
  });

  const title = h('h2', { id: 'slip-title' }, t('slip'));
  const count = h('span', { class: 'count', 'aria-hidden': 'true' });
  const typeLabel = h('span', { class: 'slip-type' });
  const clearButton = h('button', { type: 'button', class: 'link-button' }, t('clear'));
  clearButton.addEventListener('click', () => {
    ctx.slip.clear();
    state = { kind: 'idle' };
  });
  const closeButton = h(
    'button',
    { type: 'button', class: 'icon-button sheet-close', 'aria-label': t('closeSlip') },
    '✕',
  );
  closeButton.addEventListener('click', () => setExpanded(false, true));

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
    h('div', { class: 'slip-head' }, title, count, typeLabel, clearButton, closeButton),
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
  bar.addEventListener('click', () => setExpanded(!expanded, true));
  const backdrop = h('div', { class: 'slip-backdrop', hidden: true });
  backdrop.addEventListener('click', () => setExpanded(false, true));
  const el = h('aside', { class: 'slip', 'aria-labelledby': 'slip-title' }, backdrop, bar, panel);
  el.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && expanded) {
      event.stopPropagation();
      setExpanded(false, true);
    }
  });

  function setExpanded(value: boolean, moveFocus = false): void {
    expanded = value;
    el.classList.toggle('expanded', value);
    bar.setAttribute('aria-expanded', String(value));
    backdrop.hidden = !value;
    document.documentElement.classList.toggle('sheet-open', value);
    if (moveFocus) (value ? title : bar).focus?.();
  }
  title.tabIndex = -1;

  const stake = () => parseStake(stakeInput.value, session.subunit);

  function selectionsChanged(): boolean {
    const next = ctx.slip.selections.map(selectionKey).join(',');
    const was = keys;
    keys = next;
    return next !== was;
  }

  function update(): void {
    const selections = ctx.slip.selections;
    if (selectionsChanged()) {
      if (state.kind === 'error') state = { kind: 'idle' };
      if (state.kind === 'placed' && selections.length > 0) state = { kind: 'idle' };
    }
    const q = quote(selections, stake());
    const n = selections.length;
    el.classList.toggle('has-items', n > 0 || state.kind === 'placed');
    count.textContent = n ? String(n) : '';
    barCount.textContent = String(n);
    barOdds.textContent = n ? formatOdds(q.odds) : '';
    bar.setAttribute('aria-label', `${t('openSlip')}: ${n}${n ? `, ${t('totalOdds')} ${formatOdds(q.odds)}` : ''}`);
    typeLabel.textContent = n ? t(q.type === 'single' ? 'single' : 'accumulator') : '';
    clearButton.hidden = n === 0 || state.kind === 'placing';

    if (state.kind === 'placed') {
      empty.hidden = true;
      form.hidden = true;
      setStatus(null);
      placedBox.replaceChildren(confirmation(state.ticket));
      replaceKeepingFocus(actions, ...placedActions());
      return;
    }
    empty.hidden = n > 0;
    form.hidden = n === 0;
    placedBox.replaceChildren();

    replaceKeepingFocus(
      list,
      ...selections.map((s) => {
        const key = selectionKey(s);
        const before = changed.get(key);
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
        return h(
          'li',
          { class: `pick${s.suspended ? ' suspended' : ''}${before !== undefined ? ' moved' : ''}` },
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
                  h('s', {}, formatOdds(before)),
                  h('span', { 'aria-hidden': 'true' }, ' → '),
                  h('span', { class: 'sr-only' }, ` ${t('oddsLabel')} `),
                )
              : null,
            s.suspended ? h('span', { class: 'susp' }, t('suspended')) : h('strong', {}, formatOdds(s.odds)),
          ),
          remove,
        );
      }),
    );

    const potential = q.potentialWin;
    summary.replaceChildren(
      h('div', {}, h('dt', {}, t('totalOdds')), h('dd', { class: 'mono' }, n ? formatOdds(q.odds) : '—')),
      h(
        'div',
        { class: 'win' },
        h('dt', {}, t('potentialWin')),
        h('dd', { class: 'mono' }, potential !== null ? ctx.money(potential) : '—'),
      ),
    );

    if (state.kind === 'error') {
      setStatus(h('p', { class: 'slip-error' }, state.message));
    } else if (changed.size > 0) {
      const suspended = selections.some((s) => s.suspended);
      setStatus(
        h(
          'div',
          { class: 'slip-warn' },
          h('strong', {}, t('oddsChangedTitle')),
          h('span', {}, suspended ? t('removeSuspended') : t('oddsChangedText')),
        ),
      );
    } else setStatus(null);

    replaceKeepingFocus(actions, ...betActions(n));
  }

  /** The alert region changes only when its words do: polls must not make it speak again. */
  function setStatus(node: HTMLElement | null): void {
    if ((node?.textContent ?? '') === status.textContent) return;
    status.replaceChildren(...(node ? [node] : []));
  }

  function betActions(n: number): Node[] {
    if (n === 0) return [];
    if (guest) {
      const login = h('button', { type: 'button', class: 'btn primary', 'data-focus-key': 'act' }, t('loginToBet'));
      login.addEventListener('click', () => ctx.parent.post({ source: 'sportsbook', type: 'login' }));
      return [login];
    }
    const out: Node[] = [];
    if (state.kind === 'error' && state.action) {
      const action = state.action;
      const b = h(
        'button',
        { type: 'button', class: 'btn secondary', 'data-focus-key': `act-${action}` },
        t(action === 'login' ? 'loginToBet' : 'deposit'),
      );
      b.addEventListener('click', () => ctx.parent.post({ source: 'sportsbook', type: action }));
      out.push(b);
    }
    const suspended = ctx.slip.selections.some((s) => s.suspended);
    const placing = state.kind === 'placing';
    const label = placing ? t('placing') : changed.size > 0 ? t('acceptOdds') : t('placeBet');
    const stakeNow = stake();
    const placeButton = h(
      'button',
      {
        type: 'button',
        class: 'btn primary',
        'data-focus-key': 'act',
        disabled: placing || suspended,
        'aria-busy': placing ? 'true' : null,
      },
      h('span', {}, label),
      stakeNow !== null && stakeNow > 0 && !placing ? h('span', { class: 'btn-sub' }, ctx.money(stakeNow)) : null,
    );
    placeButton.addEventListener('click', () => void place());
    out.push(placeButton);
    return out;
  }

  function placedActions(): Node[] {
    const done = h('button', { type: 'button', class: 'btn secondary', 'data-focus-key': 'done' }, t('done'));
    done.addEventListener('click', () => {
      state = { kind: 'idle' };
      update();
      setExpanded(false, expanded);
    });
    const mine = h('button', { type: 'button', class: 'btn primary', 'data-focus-key': 'mine' }, t('viewMyBets'));
    mine.addEventListener('click', () => {
      state = { kind: 'idle' };
      update();
      setExpanded(false);
      ctx.navigate('/my-bets');
    });
    return [done, mine];
  }

  function confirmation(ticket: Ticket): HTMLElement {
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
            h('span', { class: 'mono' }, formatOdds(s.odds)),
          ),
        ),
      ),
      h(
        'dl',
        { class: 'slip-summary' },
        h('div', {}, h('dt', {}, t('stakeLabel')), h('dd', { class: 'mono' }, ctx.money(ticket.stake))),
        h('div', {}, h('dt', {}, t('totalOdds')), h('dd', { class: 'mono' }, formatOdds(ticket.odds))),
        h(
          'div',
          { class: 'win' },
          h('dt', {}, t('potentialWin')),
          h('dd', { class: 'mono' }, ctx.money(ticket.potentialWin)),
        ),
      ),
    );
  }

  async function place(): Promise<void> {
    if (state.kind === 'placing' || ctx.slip.selections.length === 0) return;
    if (guest) {
      ctx.parent.post({ source: 'sportsbook', type: 'login' });
      return;
    }
    const amount = stake();
    if (amount === null || amount < session.minStake) {
      stakeInput.setAttribute('aria-invalid', 'true');
      stakeHint.classList.add('error');
      stakeHint.textContent = t('stakeInvalid', { min: ctx.money(session.minStake) });
      stakeInput.focus();
      return;
    }
    if (ctx.slip.selections.some((s) => s.suspended)) return;
    const selections = ctx.slip.selections.map(({ eventId, marketId, outcomeId, odds }) => ({
      eventId,
      marketId,
      outcomeId,
      odds,
    }));
    state = { kind: 'placing' };
    update();
    try {
      const ticket = await ctx.api.placeTicket({
        type: selections.length >= 2 ? 'accumulator' : 'single',
        stake: amount,
        selections,
        acceptOddsChanges: false,
      });
      state = { kind: 'placed', ticket };
      ctx.slip.clear();
      ctx.announce(`${t('betPlaced')}. ${t('potentialWin')} ${ctx.money(ticket.potentialWin)}.`);
      void ctx.api
        .session()
        .then((s) => ctx.setBalance(s.balance))
        .catch(() => {});
    } catch (error) {
      state = refusal(error);
    }
    update();
    if (state.kind === 'placed' || state.kind === 'error' || changed.size > 0) {
      // The action row was rebuilt: keep the keyboard on it.
      actions.querySelector<HTMLElement>('[data-focus-key]')?.focus({ preventScroll: true });
    }
  }

  function refusal(error: unknown): State {
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
        `${t('oddsChangedTitle')}. ${[...changed].map(([key, before]) => `${ctx.slip.get(key)?.outcome ?? ''} ${formatOdds(before)} → ${formatOdds(ctx.slip.get(key)?.odds ?? before)}`).join(', ')}`,
      );
      return { kind: 'idle' };
    }
    if (error.status === 401 || error.code === 'guest' || error.code === 'no_session')
      return { kind: 'error', message: t('loginToBet'), action: 'login' };
    if (error.code === 'wallet') {
      if (error.details.walletCode === 15001) return { kind: 'error', message: t('insufficient'), action: 'deposit' };
      return { kind: 'error', message: error.message || t('errGeneric') };
    }
    if (error.code === 'event_closed') return { kind: 'error', message: error.message || t('eventClosed') };
    if (error.status === 0) return { kind: 'error', message: t('errConnection') };
    if (error.status === 422 || error.status === 409)
      return { kind: 'error', message: error.message || t('errGeneric') };
    return { kind: 'error', message: t('errGeneric') };
  }

  ctx.slip.onChange(update);
  update();
  return { el, open: () => setExpanded(true, true), close: () => setExpanded(false) };
}
