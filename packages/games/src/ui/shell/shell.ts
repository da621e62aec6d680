/**
 * The frame every game page shares: header (game name, demo badge, balance, fairness and info buttons),
 * an error banner speaking the casino's messages, the stage, the result line and the controls row.
 */
import type { EngineId } from '../../engines/types.ts';
import { GameApi, sessionIdFromPath, type Fairness, type Session } from './api.ts';
import { h } from './dom.ts';
import { errorMessage, maxBetRefusal, sessionEnded } from './errors.ts';
import { createFairnessPanel, paramsKey, type FairnessPanel } from './fairness.ts';
import { formatMoney, type Money } from './money.ts';
import { language, setLanguage, t } from './i18n.ts';
import { highestLevelWithin } from './stake-cap.ts';
import './base.css';

export type Tone = 'win' | 'lose' | 'info' | 'bonus';

export type BetSelector = {
  el: HTMLElement;
  readonly value: number;
  /** The levels offered, lowest first. */
  readonly levels: readonly number[];
  /** Selects a level (as the player would: change listeners hear it); a value that is no level is ignored. */
  select(level: number): void;
  setDisabled(disabled: boolean): void;
  onChange(listener: (value: number) => void): void;
};

/**
 * How a game lowers its stake to a maximum the casino named: the stake it would set (null: none fits),
 * and setting it. The shell's default is the bet selector's highest level within the maximum.
 */
export type StakeCap = {
  within(maxBet: number): number | null;
  apply(maxBet: number): void;
};

export type Shell = {
  session: Session;
  api: GameApi;
  money: Money;
  stage: HTMLElement;
  controls: HTMLElement;
  fairness: FairnessPanel;
  bet: BetSelector;
  format(minor: number): string;
  balance(): number;
  /** Shows a balance; `announce` reads it out with the result line instead of on every change. */
  setBalance(minor: number): void;
  /** The round's result, announced to screen readers together with the balance. */
  announce(text: string, tone?: Tone): void;
  /**
   * Shows a refusal in the banner. A stake above the active bonus's maximum bet says the maximum and
   * offers the highest stake within it (a button that sets it, see `capStake`).
   */
  showError(error: unknown): void;
  clearError(): void;
  /** Replaces how the stake is lowered to a maximum (roulette lowers the chips on its table). */
  capStake(cap: StakeCap): void;
  addHeaderButton(label: string, icon: IconName, onClick: () => void): HTMLButtonElement;
  /**
   * Books a finished round into the fairness panel: the params its outcome depends on are remembered
   * under the seed pair it was played on (for verify links), then the next pair/nonce is shown.
   */
  recordRound(result: { round: { nonce: number }; fairness?: Fairness }, extra?: Record<string, string>): void;
  /** The seed pair the next round will be played on. */
  fairnessNow(): Fairness;
  /** Tells the page around the game that a round is over (result shown): the moment it may speak. */
  roundOver(): void;
  /** True once the session is gone (expired/closed); every control should stay off. */
  readonly ended: boolean;
};

const ICONS = {
  shield:
    '<svg viewBox="0 0 24 24" aria-hidden="true" width="18" height="18"><path fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" d="M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6L12 3Z"/><path fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" d="m8.5 12 2.4 2.4 4.6-4.8"/></svg>',
  info: '<svg viewBox="0 0 24 24" aria-hidden="true" width="18" height="18"><circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="2"/><path stroke="currentColor" stroke-width="2" stroke-linecap="round" d="M12 11v5.5M12 7.6v.1"/></svg>',
} as const;
type IconName = keyof typeof ICONS;

export function createBetSelector(
  levels: number[],
  initial: number,
  format: (minor: number) => string,
  label = t('bet'),
): BetSelector {
  const sorted = [...new Set(levels)].sort((a, b) => a - b);
  // The level itself, else the closest one below it (a default never raises the stake), else the lowest.
  let index = Math.max(
    0,
    sorted.findLastIndex((level) => level <= initial),
  );
  const listeners: ((value: number) => void)[] = [];
  const id = `bet-${Math.random().toString(36).slice(2, 8)}`;
  const select = h(
    'select',
    { id, class: 'bet-select' },
    ...sorted.map((level, i) => h('option', { value: String(i) }, format(level))),
  );
  // German nouns keep their capital inside a sentence.
  const inSentence = language() === 'de' ? label : label.toLowerCase();
  const down = h('button', { type: 'button', class: 'step', 'aria-label': t('lowerBet', { label: inSentence }) }, '−');
  const up = h('button', { type: 'button', class: 'step', 'aria-label': t('raiseBet', { label: inSentence }) }, '+');
  let disabled = false;
  const sync = () => {
    select.value = String(index);
    down.disabled = disabled || index === 0;
    up.disabled = disabled || index === sorted.length - 1;
    select.disabled = disabled;
  };
  const set = (next: number) => {
    index = Math.min(sorted.length - 1, Math.max(0, next));
    sync();
    for (const listener of listeners) listener(sorted[index]!);
  };
  down.addEventListener('click', () => set(index - 1));
  up.addEventListener('click', () => set(index + 1));
  select.addEventListener('change', () => set(Number(select.value)));
  sync();
  return {
    el: h(
      'div',
      { class: 'bet-selector' },
      h('label', { for: id }, label),
      h('div', { class: 'stepper' }, down, select, up),
    ),
    get value() {
      return sorted[index] ?? 0;
    },
    levels: sorted,
    select(level) {
      const at = sorted.indexOf(level);
      if (at >= 0) set(at);
    },
    setDisabled(value) {
      disabled = value;
      sync();
    },
    onChange(listener) {
      listeners.push(listener);
    },
  };
}

function renderFatal(root: HTMLElement, title: string, text: string): void {
  root.replaceChildren(h('div', { class: 'fatal', role: 'alert' }, h('h1', {}, title), h('p', {}, text)));
}

/** Loads the session named by the URL and builds the shell; the game mounts itself on the result. */
export async function startGame(
  engine: EngineId,
  mount: (shell: Shell) => void,
  /** The bet selector's label, read once the page language is known. */
  options: { betLabel?: () => string } = {},
): Promise<void> {
  const root = document.getElementById('app')!;
  // Until the session names the player's language, the browser's is the best guess.
  setLanguage(navigator.language);
  const sessionId = sessionIdFromPath(location.pathname);
  if (!sessionId) {
    renderFatal(root, t('noSessionTitle'), t('noSessionText'));
    return;
  }
  const api = new GameApi(sessionId);
  let session: Session;
  try {
    session = await api.session();
  } catch (error) {
    renderFatal(root, t('startFailedTitle'), errorMessage(error) ?? t('startFailedText'));
    return;
  }
  setLanguage(session.locale);
  if (session.engine !== engine) {
    renderFatal(root, t('wrongPageTitle'), t('wrongPageText'));
    return;
  }
  document.title = session.gameName;
  mount(buildShell(root, api, session, options.betLabel?.() ?? t('bet')));
  // Tells the page around the game what the game says itself, so the page need not say it again:
  // a stake above a bonus's maximum bet is answered in the game, with the stake to lower to.
  if (window.parent !== window) window.parent.postMessage({ type: 'sandbox-game:ready', tells: ['max-bet'] }, '*');
}

/** The shell's parts and what changes while it is used: shared by the functions below. */
type ShellParts = ReturnType<typeof buildFrame> & {
  root: HTMLElement;
  session: Session;
  format: (minor: number) => string;
  bet: BetSelector;
  fairness: FairnessPanel;
  balance: number;
  ended: boolean;
  stakeCap: StakeCap;
  /** The maximum the banner's "lower the stake" button lowers to. */
  cappedAt: number | null;
  currentFairness: Fairness;
};

function buildShell(root: HTMLElement, api: GameApi, session: Session, betLabel: string): Shell {
  const money: Money = { currency: session.currency, subunitToUnit: session.subunitToUnit };
  const locale = session.locale || navigator.language || 'en';
  const format = (minor: number) => formatMoney(minor, money, locale);
  const frame = buildFrame(root, session, format);

  const fairness = createFairnessPanel({
    api,
    engine: session.engine,
    initial: session.fairness,
    format,
    onRotate: (next) => (s.currentFairness = next),
  });
  const bet = createBetSelector(session.betLevels, session.defaultBet, format, betLabel);
  const s: ShellParts = {
    ...frame,
    root,
    session,
    format,
    bet,
    fairness,
    balance: session.balance,
    ended: false,
    stakeCap: {
      within: (maxBet) => highestLevelWithin(bet.levels, maxBet),
      apply(maxBet) {
        const level = highestLevelWithin(bet.levels, maxBet);
        if (level !== null) bet.select(level);
      },
    },
    cappedAt: null,
    currentFairness: session.fairness,
  };
  frame.bannerAction.addEventListener('click', () => lowerStake(s));

  const shell = shellOf(s, api, money);
  shell.addHeaderButton(t('fairness'), 'shield', () => fairness.open());
  return shell;
}

/** The page's frame: header (name, demo badge, balance, buttons), banner, stage, result line, controls. */
function buildFrame(root: HTMLElement, session: Session, format: (minor: number) => string) {
  const balanceValue = h('span', { class: 'balance-value' }, format(session.balance));
  const headerActions = h('div', { class: 'header-actions' });
  const header = h(
    'header',
    { class: 'topbar' },
    h(
      'div',
      { class: 'title' },
      h('h1', {}, session.gameName),
      session.mode === 'demo' ? h('span', { class: 'demo-badge', title: t('demoTitle') }, t('demo')) : null,
    ),
    h('div', { class: 'balance' }, h('span', { class: 'balance-label' }, t('balance')), balanceValue),
    headerActions,
  );
  const bannerText = h('p', {});
  const bannerAction = h('button', { type: 'button', class: 'button small banner-action', hidden: true });
  const bannerClose = h('button', { type: 'button', class: 'icon-button', 'aria-label': t('dismiss') }, '✕');
  const banner = h('div', { class: 'banner', role: 'alert', hidden: true }, bannerText, bannerAction, bannerClose);
  bannerClose.addEventListener('click', () => (banner.hidden = true));

  const stage = h('main', { class: 'stage' });
  const resultText = h('span', { class: 'result-text' }, '\u00a0');
  const resultBalance = h('span', { class: 'sr-only' });
  const result = h('p', { class: 'result', 'aria-live': 'polite', 'aria-atomic': 'true' }, resultText, resultBalance);
  const controls = h('div', { class: 'controls' });

  root.classList.add(`engine-${session.engine}`);
  root.replaceChildren(header, banner, stage, result, controls);
  return {
    balanceValue,
    headerActions,
    bannerText,
    bannerAction,
    bannerClose,
    banner,
    stage,
    resultText,
    resultBalance,
    result,
    controls,
  };
}

/** What the games see of the shell. */
function shellOf(s: ShellParts, api: GameApi, money: Money): Shell {
  const { session, stage, controls, fairness, bet, format } = s;
  return {
    session,
    api,
    money,
    stage,
    controls,
    fairness,
    bet,
    format,
    balance: () => s.balance,
    setBalance(minor) {
      s.balance = minor;
      s.balanceValue.textContent = format(minor);
    },
    announce: (text, tone = 'info') => announce(s, text, tone),
    showError: (error) => showError(s, error),
    clearError() {
      if (!s.ended) s.banner.hidden = true;
    },
    capStake(cap) {
      s.stakeCap = cap;
    },
    fairnessNow: () => s.currentFairness,
    addHeaderButton(label, icon, onClick) {
      const button = h('button', { type: 'button', class: 'icon-button labelled', 'aria-haspopup': 'dialog' });
      button.innerHTML = ICONS[icon];
      button.append(h('span', { class: 'icon-label' }, label));
      button.addEventListener('click', onClick);
      s.headerActions.append(button);
      return button;
    },
    recordRound(played, extra) {
      if (extra) fairness.rememberParams(paramsKey(s.currentFairness.serverSeedHash, played.round.nonce), extra);
      if (played.fairness) {
        s.currentFairness = played.fairness;
        fairness.update(played.fairness);
      }
      fairness.refresh();
    },
    roundOver() {
      // No data and any target: the message says nothing a framing page could misuse.
      if (window.parent !== window) window.parent.postMessage({ type: 'sandbox-game:round-over' }, '*');
    },
    get ended() {
      return s.ended;
    },
  };
}

function announce(s: ShellParts, text: string, tone: Tone): void {
  s.result.dataset.tone = tone;
  s.resultText.textContent = text || '\u00a0';
  s.resultBalance.textContent = text ? ` ${t('resultBalance', { sum: s.format(s.balance) })}` : '';
}

function showError(s: ShellParts, error: unknown): void {
  const { format, bannerAction } = s;
  let message = errorMessage(error);
  if (!message) return;
  const capped = maxBetRefusal(error, s.session.currency);
  s.cappedAt = null;
  if (capped) {
    const stake = s.stakeCap.within(capped.maxBet);
    message =
      stake === null
        ? t('errMaxBetNoStake', { sum: format(capped.maxBet), min: format(s.bet.levels[0] ?? 0) })
        : t('errMaxBet', { sum: format(capped.maxBet) });
    if (stake !== null) {
      s.cappedAt = capped.maxBet;
      bannerAction.textContent = t('lowerStakeTo', { sum: format(stake) });
    }
  }
  bannerAction.hidden = s.cappedAt === null;
  s.bannerText.textContent = message;
  s.banner.hidden = false;
  if (s.cappedAt !== null) bannerAction.focus();
  if (sessionEnded(error)) {
    s.ended = true;
    for (const el of s.root.querySelectorAll<HTMLButtonElement | HTMLInputElement | HTMLSelectElement>(
      '.controls button, .controls input, .controls select, .stage button',
    ))
      el.disabled = true;
    s.bannerClose.hidden = true;
  }
}

/** The banner's "lower the stake" button: the stake set within the maximum, the game's main button focused. */
function lowerStake(s: ShellParts): void {
  const { cappedAt } = s;
  if (cappedAt === null || s.ended) return;
  const stake = s.stakeCap.within(cappedAt);
  s.stakeCap.apply(cappedAt);
  s.cappedAt = null;
  s.banner.hidden = true;
  s.bannerAction.hidden = true;
  if (stake !== null) announce(s, t('stakeLowered', { sum: s.format(stake) }), 'info');
  // The next thing the player does is play again: the game's main button takes the focus.
  s.root.querySelector<HTMLButtonElement>('.controls .primary-action:not([hidden])')?.focus();
}
