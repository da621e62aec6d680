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

/** The crash board and controls, and the round in play: shared by the functions below. */
type Crash = ReturnType<typeof buildBoard> &
  ReturnType<typeof buildControls> & {
    shell: Shell;
    live: Live | null;
    starting: boolean;
    lastStartAt: number;
    frame: number;
    pollTimer: ReturnType<typeof setTimeout> | undefined;
    coolTimer: ReturnType<typeof setTimeout> | undefined;
  };

function mountCrash(shell: Shell): void {
  const { session } = shell;
  const crash: Crash = {
    ...buildBoard(shell),
    ...buildControls(shell),
    shell,
    live: null,
    starting: false,
    lastStartAt: -Infinity,
    frame: 0,
    pollTimer: undefined,
    coolTimer: undefined,
  };

  crash.actionButton.addEventListener('click', () => void (crash.live ? cashOut(crash) : start(crash)));
  onPrimaryKey(() => void (crash.live ? cashOut(crash) : start(crash)));

  // A round left running (reload, lost connection) is picked up where the server has it.
  const open = session.state.openRound;
  if (open) {
    const skew = Date.now() - performance.now();
    begin(
      crash,
      { id: open.id, nonce: 0, bet: open.bet, win: 0, outcome: null, startedAt: open.startedAt, settled: false },
      open.startedAt - skew,
      open.autoCashout ?? null,
      null,
    );
    crash.statusText.textContent = t('stillRunning');
  } else {
    crash.graph.draw(0, 'idle');
  }
  sync(crash);
}

/** The stage: the graph with the multiplier and status over it, and the recent crash points. */
function buildBoard(shell: Shell) {
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
  return { graph, multiplierText, statusText, board, recent };
}

/** The controls row: the stake, the auto cash-out field and the bet / cash-out button. */
function buildControls(shell: Shell) {
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
  return { autoInput, actionLabel, actionSub, actionButton };
}

function setState(crash: Crash, state: GraphState | 'starting'): void {
  crash.board.dataset.state = state;
}

function sync(crash: Crash): void {
  const { shell, live, starting, actionButton } = crash;
  const { session } = shell;
  const running = live !== null;
  const cooling = !running && performance.now() < crash.lastStartAt + session.minSpinMs;
  actionButton.classList.toggle('danger', running);
  crash.actionLabel.textContent = running
    ? live!.cashingOut
      ? t('cashingOut')
      : t('cashOut')
    : starting
      ? t('starting')
      : t('bet');
  crash.actionSub.hidden = !running;
  actionButton.disabled = shell.ended || starting || cooling || (running && live!.cashingOut);
  shell.bet.setDisabled(running || starting || shell.ended);
  crash.autoInput.disabled = running || starting || shell.ended;
  shell.fairness.setLocked(running ? t('fairLockedRound') : null);
  clearTimeout(crash.coolTimer);
  if (cooling)
    crash.coolTimer = setTimeout(() => sync(crash), crash.lastStartAt + session.minSpinMs - performance.now() + 20);
}

function pushHistory(crash: Crash, crashPoint: number): void {
  const { recent } = crash;
  const tone = crashPoint >= 10 ? 'high' : crashPoint >= 2 ? 'mid' : 'low';
  recent.prepend(h('li', { class: `cp ${tone}` }, formatMultiplier(crashPoint)));
  while (recent.children.length > 14) recent.lastElementChild!.remove();
}

function animate(crash: Crash): void {
  cancelAnimationFrame(crash.frame);
  const tick = () => {
    const { live } = crash;
    if (!live) return;
    const elapsed = performance.now() - live.localStart;
    let m = crashMultiplierAt(elapsed);
    // The server settles an auto cash-out by itself; the display waits there for the poll to confirm.
    if (live.autoCashout !== null && m >= live.autoCashout) m = live.autoCashout;
    crash.multiplierText.textContent = formatMultiplier(m);
    crash.actionSub.textContent = crash.shell.format(potentialWin(live.bet, m));
    crash.graph.draw(elapsed, 'running', live.autoCashout);
    crash.frame = requestAnimationFrame(tick);
  };
  crash.frame = requestAnimationFrame(tick);
}

function finish(crash: Crash, round: Round, balance: number): void {
  const { shell, live, graph, multiplierText, statusText } = crash;
  if (!live || round.id !== live.id) return;
  const outcome = round.outcome as CrashOutcome | null;
  const bet = live.bet;
  const { localStart, seedHash } = live;
  crash.live = null;
  cancelAnimationFrame(crash.frame);
  clearTimeout(crash.pollTimer);
  shell.setBalance(balance);
  if (!outcome) {
    sync(crash);
    return;
  }
  const elapsed = performance.now() - localStart;
  pushHistory(crash, outcome.crashPoint);
  if (seedHash)
    shell.fairness.rememberParams(
      paramsKey(seedHash, round.nonce),
      outcome.cashedOutAt === null ? {} : { cashout: outcome.cashedOutAt.toFixed(2) },
    );
  shell.fairness.refresh();
  if (outcome.cashedOutAt !== null) {
    setState(crash, 'cashed');
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
    setState(crash, 'crashed');
    graph.draw(elapsed, 'crashed', outcome.crashPoint);
    multiplierText.textContent = formatMultiplier(outcome.crashPoint);
    statusText.textContent = t('crashLostStatus', { sum: shell.format(bet) });
    shell.announce(t('crashLost', { point: formatMultiplier(outcome.crashPoint) }), 'lose');
  }
  sync(crash);
  shell.roundOver();
}

async function poll(crash: Crash): Promise<void> {
  if (!crash.live) return;
  const id = crash.live.id;
  try {
    const { round, balance } = await crash.shell.api.round(id);
    if (round.settled) return finish(crash, round, balance);
  } catch (error) {
    if (error instanceof ApiError && error.status !== 0) crash.shell.showError(error);
  }
  if (crash.live?.id === id) crash.pollTimer = setTimeout(() => void poll(crash), POLL_MS);
}

function begin(
  crash: Crash,
  round: Round,
  localStart: number,
  autoCashout: number | null,
  seedHash: string | null,
): void {
  crash.live = { id: round.id, bet: round.bet, localStart, autoCashout, cashingOut: false, seedHash };
  setState(crash, 'running');
  crash.statusText.textContent = autoCashout ? t('autoAt', { at: formatMultiplier(autoCashout) }) : t('cashOutBefore');
  sync(crash);
  animate(crash);
  crash.pollTimer = setTimeout(() => void poll(crash), POLL_MS);
}

async function start(crash: Crash): Promise<void> {
  const { shell, autoInput, statusText } = crash;
  if (crash.live || crash.starting || shell.ended) return;
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
  crash.starting = true;
  setState(crash, 'starting');
  shell.clearError();
  shell.announce('');
  statusText.textContent = t('starting');
  crash.multiplierText.textContent = '1.00×';
  crash.graph.draw(0, 'idle');
  sync(crash);
  const before = shell.balance();
  const seedHash = shell.fairnessNow().serverSeedHash;
  const sentAt = performance.now();
  try {
    const result = await shell.api.play<'crash'>(bet, auto === null ? {} : { autoCashout: auto });
    const receivedAt = performance.now();
    crash.lastStartAt = sentAt;
    crash.starting = false;
    shell.setBalance(result.balance);
    shell.recordRound(result);
    // The round started while the request was in flight: the midpoint is the best local estimate,
    // whatever the two clocks say.
    begin(crash, result.round, (sentAt + receivedAt) / 2, auto, seedHash);
    if (result.round.settled) finish(crash, result.round, result.balance);
  } catch (error) {
    crash.starting = false;
    shell.setBalance(balanceAfterFailure(error, before));
    shell.showError(error);
    setState(crash, 'idle');
    statusText.textContent = t('crashIdle');
    sync(crash);
  }
}

async function cashOut(crash: Crash): Promise<void> {
  if (!crash.live || crash.live.cashingOut) return;
  const current = crash.live;
  current.cashingOut = true;
  sync(crash);
  try {
    const { round, balance } = await crash.shell.api.cashout(current.id);
    finish(crash, round, balance);
  } catch (error) {
    // Most likely it crashed first: the poll brings the settled round.
    if (error instanceof ApiError && error.status !== 409 && error.status !== 0) crash.shell.showError(error);
    current.cashingOut = false;
    await sleep(50);
    await poll(crash);
    sync(crash);
  }
}
