import type { SlotConfig, SlotOutcome, SlotSymbol } from '../../engines/types.ts';
import { ApiError, type FreeSpinGrant, type PlayResult } from '../shell/api.ts';
import { h, onPrimaryKey, sleep, svg } from '../shell/dom.ts';
import { createDialog } from '../shell/dialog.ts';
import { balanceAfterFailure } from '../shell/errors.ts';
import { startGame, type Shell } from '../shell/shell.ts';
import { t } from '../shell/i18n.ts';
import {
  LINE_COLOURS,
  gapPercent,
  lineColour,
  linePay,
  paylinePoints,
  pointsAttr,
  windowSize,
  winningCells,
} from './paylines.ts';
import { LAND_MS, Reel } from './reel.ts';
import { SYMBOL_NAMES, installSymbolSprite, symbolName, symbolSvg } from './symbols.ts';
import './slot.css';

// In paytable order; the names' keys rather than the engine's list, which would pull its reel strips into the page.
const ALL_SYMBOLS = Object.keys(SYMBOL_NAMES) as SlotSymbol[];
const STAGGER_MS = 170;

void startGame('slot', mountSlot);

/** The slot's machine, controls and dialogs, and the state of play: shared by the functions below. */
type Slot = ReturnType<typeof buildMachine> &
  ReturnType<typeof buildControls> & {
    shell: Shell;
    config: SlotConfig;
    layout: { reels: number; rows: number };
    lines: number;
    width: number;
    height: number;
    summary: ReturnType<typeof createDialog>;
    summaryBody: HTMLElement;
    paytableBody: HTMLElement;
    spinning: boolean;
    freeSpinsLeft: number;
    /** Free spins pay on the stake that triggered them (known to the server after a reload). */
    lastPaidBet: number;
    freeSpinsWon: number;
    grant: FreeSpinGrant | null;
    summaryOpen: boolean;
  };

function mountSlot(shell: Shell): void {
  installSymbolSprite();
  const { session } = shell;
  const config = session.config as SlotConfig;
  const layout = { reels: config.reels ?? 5, rows: config.rows ?? 3 };
  const { width, height } = windowSize(layout);
  const machine = buildMachine(shell, config, layout, width, height);
  const controls = buildControls(shell);

  // ---- the summary after the casino's free spins, the paytable ----
  const summaryBody = h('div', { class: 'grant-summary' });
  const summary = createDialog(t('grantSummaryTitle'), summaryBody);
  summary.dialog.classList.add('summary-dialog');
  const paytableBody = h('div', { class: 'paytable' });
  const paytable = createDialog(t('paytableTitle'), paytableBody);

  // ---- state ----
  const slot: Slot = {
    ...machine,
    ...controls,
    shell,
    config,
    layout,
    lines: config.paylines.length,
    width,
    height,
    summary,
    summaryBody,
    paytableBody,
    spinning: false,
    freeSpinsLeft: session.state.freeSpinsLeft ?? 0,
    lastPaidBet: session.state.freeSpinsBet || session.defaultBet,
    freeSpinsWon: 0,
    grant: session.state.freeSpinGrant ?? null,
    summaryOpen: false,
  };

  summary.dialog.addEventListener('close', () => {
    slot.summaryOpen = false;
    syncControls(slot);
  });
  shell.addHeaderButton(t('paytable'), 'info', () => {
    renderPaytable(slot);
    paytable.open();
  });
  controls.spinButton.addEventListener('click', () => void spin(slot));
  onPrimaryKey(() => void spin(slot));
  shell.bet.onChange(() => syncControls(slot));
  machine.windowEl.setAttribute('aria-label', describeGrid(slot, grid(slot)));
  machine.overlay.style.setProperty('--lines', String(LINE_COLOURS.length));
  syncControls(slot);
}

/** The reels at a random stop of their strips, the paylines' overlay, the win pop-up and the line wins. */
function buildMachine(
  shell: Shell,
  config: SlotConfig,
  layout: { reels: number; rows: number },
  width: number,
  height: number,
) {
  const reels = Array.from({ length: layout.reels }, (_unused, reel) => {
    const strip = config.strips?.[reel];
    const pool = strip && strip.length ? strip : ALL_SYMBOLS;
    const start = Math.floor(Math.random() * pool.length);
    return new Reel(
      pool,
      Array.from({ length: layout.rows }, (_, row) => pool[(start + row) % pool.length]!),
    );
  });
  const reelsEl = h('div', { class: 'reels' }, ...reels.map((reel) => reel.el));
  reelsEl.style.columnGap = gapPercent(layout);
  reelsEl.style.aspectRatio = `${width} / ${height}`;
  const overlay = svg('svg', {
    class: 'lines',
    viewBox: `0 0 ${width} ${height}`,
    preserveAspectRatio: 'none',
    'aria-hidden': 'true',
  });
  const winPop = h('div', { class: 'win-pop', hidden: true });
  const windowEl = h('div', { class: 'window', role: 'img', 'aria-label': t('reels') }, reelsEl, overlay, winPop);
  const freeBadge = h('p', { class: 'free-badge', hidden: true });
  const lineWinsEl = h('ul', { class: 'line-wins', 'aria-label': t('winningLines') });
  shell.stage.append(h('div', { class: 'machine' }, freeBadge, windowEl), lineWinsEl);
  return { reels, reelsEl, overlay, winPop, windowEl, freeBadge, lineWinsEl };
}

/** The controls row: the stake (or the grant's), the last win and the spin button. */
function buildControls(shell: Shell) {
  const winValue = h('output', { class: 'stat-value' }, shell.format(0));
  const spinLabel = h('span', {}, t('spin'));
  const spinSub = h('span', { class: 'sub', hidden: true });
  // One main button: it plays whatever the mode is (a paid spin, the game's free spin, the casino's).
  const spinButton = h('button', { type: 'button', class: 'primary-action spin' }, spinLabel, spinSub);
  // While the casino's free spins are played the stake is theirs: shown, not chosen.
  const grantStakeValue = h('output', { class: 'stat-value' });
  const grantStakeStat = h(
    'div',
    { class: 'stat grant-stake', hidden: true },
    h('span', { class: 'field-label' }, t('grantStake')),
    grantStakeValue,
  );
  shell.controls.append(
    shell.bet.el,
    grantStakeStat,
    h('div', { class: 'stat' }, h('span', { class: 'field-label' }, t('win')), winValue),
    spinButton,
  );
  return { winValue, spinLabel, spinSub, spinButton, grantStakeValue, grantStakeStat };
}

/** What the casino does with the winnings, in the words of what it told the game at the grant. */
function becomes(shell: Shell, played: FreeSpinGrant): string {
  const sum = shell.format(played.won);
  if (played.won <= 0) return t('grantBecomesNothing');
  if (played.wagerMultiplier === null) return t('grantBecomesCasino', { sum });
  if (played.wagerMultiplier === 0) return t('grantBecomesBonusFree', { sum });
  return t('grantBecomesBonus', {
    sum,
    x: played.wagerMultiplier,
    wager: shell.format(played.won * played.wagerMultiplier),
  });
}

function showSummary(slot: Slot, played: FreeSpinGrant): void {
  const { shell, summary } = slot;
  const row = (term: string, value: string) => h('div', {}, h('dt', {}, term), h('dd', {}, value));
  const done = h('button', { type: 'button', class: 'button' }, t('grantSummaryContinue'));
  done.addEventListener('click', () => summary.close());
  slot.summaryBody.replaceChildren(
    h('p', { class: 'lead' }, t('grantSummaryLead')),
    h(
      'dl',
      { class: 'summary-figures' },
      row(t('grantSummaryPlayed'), String(played.count - played.left)),
      row(t('grantSummaryWon'), shell.format(played.won)),
    ),
    h('h3', {}, t('grantSummaryBecomes')),
    h('p', { class: 'becomes' }, becomes(shell, played)),
    ...(played.won > 0 && played.wagerMultiplier !== null ? [h('p', { class: 'note' }, t('grantSummaryWhere'))] : []),
    h('div', { class: 'dialog-actions' }, done),
  );
  slot.summaryOpen = true;
  syncControls(slot);
  summary.open();
  done.focus();
}

function renderPaytable(slot: Slot): void {
  const { shell, config, lines } = slot;
  // Free spins pay on the stake of the spin that triggered them; the casino's on the grant's stake.
  const stake = slot.freeSpinsLeft > 0 ? slot.lastPaidBet : granted(slot) ? slot.grant!.stake : shell.bet.value;
  const rows = ALL_SYMBOLS.map((symbol) => {
    const icon = h('span', { class: 'pt-icon' });
    icon.innerHTML = symbolSvg(symbol);
    const pays = config.paytable[symbol];
    return h(
      'li',
      {},
      icon,
      h('span', { class: 'pt-name' }, symbolName(symbol)),
      h(
        'span',
        { class: 'pt-pays' },
        ...pays.map((multiple, i) =>
          h('span', {}, h('b', {}, `${i + 3}×`), ` ${shell.format(linePay(stake, multiple, lines))}`),
        ),
      ),
    );
  });
  slot.paytableBody.replaceChildren(
    h('p', { class: 'lead' }, t('paytableLead', { sum: shell.format(stake), lines })),
    h('ul', { class: 'pt-list' }, ...rows),
    h('h3', {}, t('rules')),
    h(
      'ul',
      { class: 'rules' },
      h('li', {}, t('ruleLines')),
      h('li', {}, t('ruleWild')),
      h('li', {}, t('ruleScatter', { scatters: config.freeSpins.scatters, awarded: config.freeSpins.awarded })),
      h('li', {}, t('ruleMalfunction')),
    ),
    h('h3', {}, t('paylines')),
    h('ul', { class: 'pl-list' }, ...lineDiagrams(slot)),
  );
}

/** Each payline drawn on a small window of the reels, for the paytable. */
function lineDiagrams(slot: Slot): HTMLElement[] {
  const { layout, width, height } = slot;
  return slot.config.paylines.map((rowsOfLine, line) => {
    const diagram = svg('svg', { viewBox: `0 0 ${width} ${height}`, class: 'pl-diagram', 'aria-hidden': 'true' });
    for (let reel = 0; reel < layout.reels; reel++) {
      for (let row = 0; row < layout.rows; row++) {
        const active = rowsOfLine[reel] === row;
        diagram.append(
          svg('rect', {
            x: reel * 108 + 8,
            y: row * 100 + 8,
            width: 84,
            height: 84,
            rx: 14,
            fill: active ? lineColour(line) : '#263152',
          }),
        );
      }
    }
    return h('li', {}, diagram, h('span', {}, t('line', { n: line + 1 })));
  });
}

/**
 * The locked free-spin mode: the casino granted free spins for this game and some are left (once the
 * game's own free spins, which the provider plays first, are over). No stake can be chosen and no
 * paid spin started meanwhile: the one button plays the next free spin at the grant's stake.
 */
function granted(slot: Slot): boolean {
  return slot.freeSpinsLeft === 0 && slot.grant !== null && slot.grant.left > 0;
}

/** The symbols the reels show now, reel by reel. */
function grid(slot: Slot): SlotSymbol[][] {
  const { reels, layout } = slot;
  return reels.map((_reel, reel) =>
    Array.from(
      { length: layout.rows },
      (_, row) => (reels[reel]!.cellAt(row)?.dataset.symbol as SlotSymbol) ?? 'cherry',
    ),
  );
}

function describeGrid(slot: Slot, g: SlotSymbol[][]): string {
  const rowsText = Array.from({ length: slot.layout.rows }, (_, row) =>
    t('reelsRow', { n: row + 1, symbols: g.map((column) => symbolName(column[row]!)).join(', ') }),
  );
  return t('reelsRows', { rows: rowsText.join('; ') });
}

function syncControls(slot: Slot): void {
  const { shell, grant, freeSpinsLeft, freeSpinsWon, spinButton, freeBadge } = slot;
  const free = freeSpinsLeft > 0;
  const locked = granted(slot);
  spinButton.disabled = slot.spinning || shell.ended || slot.summaryOpen;
  spinButton.classList.toggle('bonus', free || locked);
  slot.spinLabel.textContent = locked ? t('grantSpin') : free ? t('freeSpin') : t('spin');
  slot.spinSub.hidden = !free && !locked;
  slot.spinSub.textContent = t('freeSpinsLeft', { n: locked ? grant!.left : freeSpinsLeft });
  shell.bet.el.hidden = locked;
  shell.bet.setDisabled(slot.spinning || free || locked || shell.ended);
  slot.grantStakeStat.hidden = !locked;
  slot.grantStakeValue.textContent = locked ? shell.format(grant!.stake) : '';
  document.body.classList.toggle('free-spin-mode', locked);
  freeBadge.hidden = !free && !locked;
  freeBadge.textContent = free
    ? freeSpinsWon > 0
      ? t('freeSpinsBadgeWon', { n: freeSpinsLeft, sum: shell.format(freeSpinsWon) })
      : t('freeSpinsBadge', { n: freeSpinsLeft })
    : locked
      ? grant!.won > 0
        ? t('grantBadgeWon', { n: grant!.left, count: grant!.count, sum: shell.format(grant!.won) })
        : t('grantBadge', { n: grant!.left, count: grant!.count })
      : '';
}

/** The casino's free spins as the provider has them now (after a refusal that says they changed). */
async function reloadGrant(slot: Slot): Promise<void> {
  try {
    slot.grant = (await slot.shell.api.session()).state.freeSpinGrant ?? null;
  } catch {
    return; // the banner already says what went wrong; the next spin asks again
  }
  syncControls(slot);
}

function clearWins(slot: Slot): void {
  slot.overlay.replaceChildren();
  slot.lineWinsEl.replaceChildren();
  slot.winPop.hidden = true;
  for (const cellEl of slot.reelsEl.querySelectorAll('.cell.win')) cellEl.classList.remove('win');
  slot.windowEl.classList.remove('has-wins');
}

function drawLine(slot: Slot, line: number, focused: boolean): void {
  const rows = slot.config.paylines[line]!;
  const points = pointsAttr(paylinePoints(rows, slot.layout));
  const group = svg(
    'g',
    { class: focused ? 'line focused' : 'line', 'data-line': line },
    svg('polyline', { points, class: 'line-shadow' }),
    svg('polyline', { points, class: 'line-stroke', stroke: lineColour(line) }),
  );
  slot.overlay.append(group);
}

function highlight(slot: Slot, line: number | null, outcome: SlotOutcome): void {
  const { reels } = slot;
  slot.overlay.replaceChildren();
  for (const cellEl of slot.reelsEl.querySelectorAll('.cell.win')) cellEl.classList.remove('win');
  const shown = line === null ? outcome.lineWins : outcome.lineWins.filter((w) => w.line === line);
  for (const win of shown) {
    drawLine(slot, win.line, line !== null);
    for (const { reel, row } of winningCells(slot.config.paylines[win.line]!, win.count))
      reels[reel]!.cellAt(row)?.classList.add('win');
  }
  if (line === null && outcome.scatterCount >= 3) {
    reels.forEach((reel, r) =>
      outcome.grid[r]!.forEach((symbol, row) => symbol === 'scatter' && reel.cellAt(row)?.classList.add('win')),
    );
  }
  for (const button of slot.lineWinsEl.querySelectorAll<HTMLButtonElement>('button'))
    button.setAttribute('aria-pressed', String(Number(button.dataset.line) === line));
}

/** `stake`: what the spin paid on (a big win is ten times it). */
function showWins(slot: Slot, outcome: SlotOutcome, stake: number): void {
  const { shell, winPop } = slot;
  if (outcome.totalWin <= 0 && outcome.freeSpinsAwarded <= 0) return;
  slot.windowEl.classList.add('has-wins');
  const chips = outcome.lineWins.map((win) => {
    const button = h(
      'button',
      {
        type: 'button',
        class: 'line-chip',
        'data-line': win.line,
        'aria-pressed': 'false',
        style: `--lc:${lineColour(win.line)}`,
      },
      h('span', { class: 'swatch', 'aria-hidden': 'true' }),
      t('lineWin', { n: win.line + 1, count: win.count, symbol: symbolName(win.symbol) }),
      h('b', {}, shell.format(win.win)),
    );
    // Click again to see all lines at once.
    button.addEventListener('click', () =>
      highlight(slot, button.getAttribute('aria-pressed') === 'true' ? null : win.line, outcome),
    );
    return h('li', {}, button);
  });
  if (outcome.scatterCount >= 3) {
    const scatterWin = outcome.scatterWin ?? 0;
    chips.push(
      h(
        'li',
        {},
        h(
          'span',
          { class: 'line-chip scatter' },
          `${outcome.scatterCount}× ${symbolName('scatter')} `,
          scatterWin > 0 ? h('b', {}, shell.format(scatterWin)) : null,
        ),
      ),
    );
  }
  slot.lineWinsEl.replaceChildren(...chips);
  highlight(slot, null, outcome);
  if (outcome.totalWin > 0) {
    winPop.hidden = false;
    winPop.replaceChildren(
      h('span', { class: 'label' }, outcome.isFreeSpin ? t('freeSpinWin') : t('win')),
      h('span', { class: 'amount' }, shell.format(outcome.totalWin)),
    );
    if (outcome.totalWin >= stake * 10) winPop.classList.add('big');
    else winPop.classList.remove('big');
  }
}

async function landReels(slot: Slot, outcome: SlotOutcome, startedAt: number): Promise<void> {
  const { reels } = slot;
  // The last reel lands no earlier than minSpinMs after the click: the server refuses faster rounds,
  // and the player sees the whole spin.
  const minEnd = startedAt + slot.shell.session.minSpinMs;
  const now = performance.now();
  for (let reel = 0; reel < reels.length; reel++) {
    const stopAt = Math.max(minEnd - LAND_MS - (reels.length - 1 - reel) * STAGGER_MS, now + reel * STAGGER_MS);
    await sleep(stopAt - performance.now());
    const landing = reels[reel]!.stop(outcome.grid[reel]!);
    if (reel === reels.length - 1) await landing;
  }
}

async function spin(slot: Slot): Promise<void> {
  const { shell, reels } = slot;
  if (slot.spinning || shell.ended || slot.summaryOpen) return;
  // The mode decides what a spin is, never which button was pressed: in the locked mode it is always free.
  const grantId = granted(slot) ? slot.grant!.id : undefined;
  const free = slot.freeSpinsLeft > 0 || grantId !== undefined;
  const grantStake = grantId ? slot.grant!.stake : undefined;
  const bet = free ? 0 : shell.bet.value;
  slot.spinning = true;
  syncControls(slot);
  clearWins(slot);
  shell.clearError();
  shell.announce('');
  slot.winValue.textContent = shell.format(0);
  const before = shell.balance();
  if (!free) shell.setBalance(before - bet);
  const startedAt = performance.now();
  for (const reel of reels) reel.spin();
  slot.windowEl.setAttribute('aria-label', t('reelsSpinning'));
  let result: PlayResult;
  try {
    result = await shell.api.play<'slot'>(bet, {}, grantId);
  } catch (error) {
    await spinFailed(slot, error, before);
    return;
  }
  const outcome = result.round.outcome as SlotOutcome;
  if (result.freeSpinGrant !== undefined) slot.grant = result.freeSpinGrant;
  const played = result.grantPlayed;
  if (!free) slot.lastPaidBet = bet;
  if (!free && result.freeSpinsLeft > 0) slot.freeSpinsWon = 0;
  await landReels(slot, outcome, startedAt);

  slot.windowEl.setAttribute('aria-label', describeGrid(slot, outcome.grid));
  shell.setBalance(result.balance);
  slot.freeSpinsLeft = result.freeSpinsLeft;
  if (outcome.isFreeSpin) slot.freeSpinsWon += outcome.totalWin;
  slot.winValue.textContent = shell.format(outcome.totalWin);
  shell.recordRound(result, {
    // A granted spin is a paid spin's outcome at the grant's stake (what verifying it replays).
    bet: String(grantStake ?? (free ? slot.lastPaidBet : bet)),
    ...(outcome.isFreeSpin ? { freeSpin: '1' } : {}),
  });
  showWins(slot, outcome, grantStake ?? (free ? slot.lastPaidBet : bet));

  const grantOver = grantId !== undefined && played !== undefined && played.left === 0;
  announceSpin(slot, outcome, grantOver ? played : null, grantId);
  slot.spinning = false;
  syncControls(slot);
  shell.roundOver();
  if (grantOver) showSummary(slot, played);
}

/** A refused spin: the reels land back where they were, the banner says why, the balance is put right. */
async function spinFailed(slot: Slot, error: unknown, before: number): Promise<void> {
  const { shell, reels } = slot;
  const previous = grid(slot);
  await Promise.all(reels.map((reel, i) => reel.stop(previous[i]!)));
  shell.setBalance(balanceAfterFailure(error, before));
  shell.showError(error);
  slot.spinning = false;
  syncControls(slot);
  slot.windowEl.setAttribute('aria-label', describeGrid(slot, previous));
  // Free spins granted meanwhile (another tab activated them), or these ended elsewhere: ask again.
  if (error instanceof ApiError && (error.code === 'free_spins_first' || error.code === 'free_spins_not_available'))
    await reloadGrant(slot);
}

/** The result line after a spin: the casino's free spins over (`endedGrant`), the game's over, or this spin. */
function announceSpin(
  slot: Slot,
  outcome: SlotOutcome,
  endedGrant: FreeSpinGrant | null,
  grantId: string | undefined,
): void {
  const { shell, freeSpinsWon } = slot;
  if (endedGrant) {
    shell.announce(t('grantOver', { sum: shell.format(endedGrant.won) }), endedGrant.won > 0 ? 'win' : 'info');
  } else if (outcome.isFreeSpin && slot.freeSpinsLeft === 0 && !grantId) {
    shell.announce(t('freeSpinsOver', { sum: shell.format(freeSpinsWon) }), freeSpinsWon > 0 ? 'win' : 'info');
  } else {
    const parts: string[] = [];
    if (outcome.totalWin > 0)
      parts.push(t(outcome.isFreeSpin ? 'freeSpinWinSum' : 'youWon', { sum: shell.format(outcome.totalWin) }));
    if (outcome.freeSpinsAwarded > 0) parts.push(t('freeSpinsAwarded', { n: outcome.freeSpinsAwarded }));
    shell.announce(
      parts.length ? parts.join(' · ') : t('noWinThisTime'),
      outcome.freeSpinsAwarded > 0 ? 'bonus' : outcome.totalWin > 0 ? 'win' : 'lose',
    );
  }
}
