import { CRASH_MAX_AUTO_CASHOUT, CRASH_MIN_AUTO_CASHOUT, crashMultiplierAt } from '../../engines/crash.ts';
import type { CrashOutcome } from '../../engines/types.ts';
import { ApiError, type Round } from '../shell/api.ts';
import { h, onPrimaryKey, sleep } from '../shell/dom.ts';
import { balanceAfterFailure } from '../shell/errors.ts';
import { paramsKey } from '../shell/fairness.ts';
import { formatMultiplier } from '../shell/money.ts';
import { startGame, type Shell } from '../shell/shell.ts';
import { t } from '../shell/i18n.ts';
import { CrashGraph, type GraphState } from './graph.ts';
import { parseAutoCashout, potentialWin } from './crash-math.ts';
import './crash.css';

void startGame('crash', mountCrash);

type Live = {
  id: string;
  bet: number;
  /** performance.now() at which the server's round started (clock skew folded in). */
  localStart: number;
  autoCashout: number | null;
  cashingOut: boolean;
  /** The seed pair it was played on, for its verify link. */
  seedHash: string | null;
};

const POLL_MS = 500;

function mountCrash(shell: Shell): void {
  const { session } = shell;
  const graph = new CrashGraph();
  const multiplierText = h('output', { class: 'multiplier', 'aria-hidden': 'true' }, '1.00×');
  const statusText = h('p', { class: 'crash-status' }, t('crashIdle'));
  const board = h(
    'div',
    { class: 'crash-board', 'data-state': 'idle' },
    graph.canvas,
    h('div', { class: 'crash-readout' }, multiplierText, statusText),
  );
  const recent = h('ol', { class: 'crash-history', 'aria-label': t('recentCrashes') });
  shell.stage.append(board, recent);

  const autoInput = h('input', {
    type: 'number',
    id: 'auto-cashout',
    class: 'text-input mono',
    min: String(CRASH_MIN_AUTO_CASHOUT),
    max: String(CRASH_MAX_AUTO_CASHOUT),
    step: '0.01',
    inputmode: 'decimal',
    placeholder: t('off'),
  });
  const autoHint = h(
    'p',
    { class: 'field-hint', id: 'auto-hint' },
    t('autoHint', { min: `${CRASH_MIN_AUTO_CASHOUT.toFixed(2)}×` }),
  );
  autoInput.setAttribute('aria-describedby', 'auto-hint');
  const actionLabel = h('span', {}, t('bet'));
  const actionSub = h('span', { class: 'sub', hidden: true });
  const actionButton = h('button', { type: 'button', class: 'primary-action crash-action' }, actionLabel, actionSub);
  shell.controls.append(
    shell.bet.el,
    h('div', { class: 'field auto-field' }, h('label', { for: 'auto-cashout' }, t('autoCashout')), autoInput, autoHint),
    actionButton,
  );

  let live: Live | null = null;
  let starting = false;
  let lastStartAt = -Infinity;
  let frame = 0;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let coolTimer: ReturnType<typeof setTimeout> | undefined;

  function setState(state: GraphState | 'starting'): void {
    board.dataset.state = state;
  }

  function sync(): void {
    const running = live !== null;
    const cooling = !running && performance.now() < lastStartAt + session.minSpinMs;
    actionButton.classList.toggle('danger', running);
    actionLabel.textContent = running
      ? live!.cashingOut
        ? t('cashingOut')
        : t('cashOut')
      : starting
        ? t('starting')
        : t('bet');
    actionSub.hidden = !running;
    actionButton.disabled = shell.ended || starting || cooling || (running && live!.cashingOut);
    shell.bet.setDisabled(running || starting || shell.ended);
    autoInput.disabled = running || starting || shell.ended;
    shell.fairness.setLocked(running ? t('fairLockedRound') : null);
    clearTimeout(coolTimer);
    if (cooling) coolTimer = setTimeout(sync, lastStartAt + session.minSpinMs - performance.now() + 20);
  }

  function pushHistory(crashPoint: number): void {
    const tone = crashPoint >= 10 ? 'high' : crashPoint >= 2 ? 'mid' : 'low';
    recent.prepend(h('li', { class: `cp ${tone}` }, formatMultiplier(crashPoint)));
    while (recent.children.length > 14) recent.lastElementChild!.remove();
  }

  function animate(): void {
    cancelAnimationFrame(frame);
    const tick = () => {
      if (!live) return;
      const elapsed = performance.now() - live.localStart;
      let m = crashMultiplierAt(elapsed);
      // The server settles an auto cash-out by itself; the display waits there for the poll to confirm.
      if (live.autoCashout !== null && m >= live.autoCashout) m = live.autoCashout;
      multiplierText.textContent = formatMultiplier(m);
      actionSub.textContent = shell.format(potentialWin(live.bet, m));
      graph.draw(elapsed, 'running', live.autoCashout);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
  }

  function finish(round: Round, balance: number): void {
    if (!live || round.id !== live.id) return;
    const outcome = round.outcome as CrashOutcome | null;
    const bet = live.bet;
    const { localStart, seedHash } = live;
    live = null;
    cancelAnimationFrame(frame);
    clearTimeout(pollTimer);
    shell.setBalance(balance);
    if (!outcome) {
      sync();
      return;
    }
    const elapsed = performance.now() - localStart;
    pushHistory(outcome.crashPoint);
    if (seedHash)
      shell.fairness.rememberParams(
        paramsKey(seedHash, round.nonce),
        outcome.cashedOutAt === null ? {} : { cashout: outcome.cashedOutAt.toFixed(2) },
      );
    shell.fairness.refresh();
    if (outcome.cashedOutAt !== null) {
      setState('cashed');
      graph.draw(elapsed, 'cashed', outcome.cashedOutAt);
      multiplierText.textContent = formatMultiplier(outcome.cashedOutAt);
      statusText.textContent = t('crashWonStatus', {
        sum: shell.format(outcome.totalWin),
        point: formatMultiplier(outcome.crashPoint),
      });
      shell.announce(
        t('crashCashedOut', { at: formatMultiplier(outcome.cashedOutAt), sum: shell.format(outcome.totalWin) }),
        'win',
      );
    } else {
      setState('crashed');
      graph.draw(elapsed, 'crashed', outcome.crashPoint);
      multiplierText.textContent = formatMultiplier(outcome.crashPoint);
      statusText.textContent = t('crashLostStatus', { sum: shell.format(bet) });
      shell.announce(t('crashLost', { point: formatMultiplier(outcome.crashPoint) }), 'lose');
    }
    sync();
    shell.roundOver();
  }

  async function poll(): Promise<void> {
    if (!live) return;
    const id = live.id;
    try {
      const { round, balance } = await shell.api.round(id);
      if (round.settled) return finish(round, balance);
    } catch (error) {
      if (error instanceof ApiError && error.status !== 0) shell.showError(error);
    }
    if (live?.id === id) pollTimer = setTimeout(() => void poll(), POLL_MS);
  }

  function begin(round: Round, localStart: number, autoCashout: number | null, seedHash: string | null): void {
    live = { id: round.id, bet: round.bet, localStart, autoCashout, cashingOut: false, seedHash };
    setState('running');
    statusText.textContent = autoCashout ? t('autoAt', { at: formatMultiplier(autoCashout) }) : t('cashOutBefore');
    sync();
    animate();
    pollTimer = setTimeout(() => void poll(), POLL_MS);
  }

  async function start(): Promise<void> {
    if (live || starting || shell.ended) return;
    const auto = parseAutoCashout(autoInput.value);
    if (auto === 'invalid') {
      shell.announce(
        t('autoInvalid', {
          min: `${CRASH_MIN_AUTO_CASHOUT.toFixed(2)}×`,
          max: `${CRASH_MAX_AUTO_CASHOUT.toFixed(2)}×`,
        }),
        'info',
      );
      autoInput.focus();
      return;
    }
    const bet = shell.bet.value;
    starting = true;
    setState('starting');
    shell.clearError();
    shell.announce('');
    statusText.textContent = t('starting');
    multiplierText.textContent = '1.00×';
    graph.draw(0, 'idle');
    sync();
    const before = shell.balance();
    const seedHash = shell.fairnessNow().serverSeedHash;
    const sentAt = performance.now();
    try {
      const result = await shell.api.play<'crash'>(bet, auto === null ? {} : { autoCashout: auto });
      const receivedAt = performance.now();
      lastStartAt = sentAt;
      starting = false;
      shell.setBalance(result.balance);
      shell.recordRound(result);
      // The round started while the request was in flight: the midpoint is the best local estimate,
      // whatever the two clocks say.
      begin(result.round, (sentAt + receivedAt) / 2, auto, seedHash);
      if (result.round.settled) finish(result.round, result.balance);
    } catch (error) {
      starting = false;
      shell.setBalance(balanceAfterFailure(error, before));
      shell.showError(error);
      setState('idle');
      statusText.textContent = t('crashIdle');
      sync();
    }
  }

  async function cashOut(): Promise<void> {
    if (!live || live.cashingOut) return;
    const current = live;
    current.cashingOut = true;
    sync();
    try {
      const { round, balance } = await shell.api.cashout(current.id);
      finish(round, balance);
    } catch (error) {
      // Most likely it crashed first: the poll brings the settled round.
      if (error instanceof ApiError && error.status !== 409 && error.status !== 0) shell.showError(error);
      current.cashingOut = false;
      await sleep(50);
      await poll();
      sync();
    }
  }

  actionButton.addEventListener('click', () => void (live ? cashOut() : start()));
  onPrimaryKey(() => void (live ? cashOut() : start()));

  // A round left running (reload, lost connection) is picked up where the server has it.
  const open = session.state.openRound;
  if (open) {
    const skew = Date.now() - performance.now();
    begin(
      { id: open.id, nonce: 0, bet: open.bet, win: 0, outcome: null, startedAt: open.startedAt, settled: false },
      open.startedAt - skew,
      open.autoCashout ?? null,
      null,
    );
    statusText.textContent = t('stillRunning');
  } else {
    graph.draw(0, 'idle');
  }
  sync();
}
