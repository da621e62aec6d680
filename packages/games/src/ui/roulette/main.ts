import { rouletteColor } from '../../engines/roulette.ts';
import type { RouletteBet, RouletteOutcome } from '../../engines/types.ts';
import type { PlayResult } from '../shell/api.ts';
import { h, onPrimaryKey, prefersReducedMotion, sleep } from '../shell/dom.ts';
import { balanceAfterFailure } from '../shell/errors.ts';
import { chipLabel } from '../shell/money.ts';
import { startGame, type Shell } from '../shell/shell.ts';
import { fitBets, highestLevelWithin } from '../shell/stake-cap.ts';
import { t } from '../shell/i18n.ts';
import { BetBoard, betKey, boardSpots, coveredPockets, type Spot } from './board.ts';
import { Wheel } from './wheel.ts';
import './roulette.css';

void startGame('roulette', mountRoulette, { betLabel: () => t('chip') });

function mountRoulette(shell: Shell): void {
  const { session } = shell;
  const spots = boardSpots();
  const board = new BetBoard(spots);
  const buttons = new Map<string, HTMLButtonElement>();
  const numberButtons = new Map<number, HTMLButtonElement>();
  let lastBets: RouletteBet[] = [];
  let spinning = false;

  // ---- wheel + history ----
  const wheel = new Wheel();
  const pocketBadge = h('div', { class: 'pocket-badge', hidden: true });
  const wheelWrap = h('div', { class: 'wheel-wrap' }, wheel.el, pocketBadge);
  const history = h('ol', { class: 'history', 'aria-label': t('lastNumbers') });

  // ---- table ----
  const table = h('div', { class: 'table', role: 'group', 'aria-label': t('bettingTable') });
  for (const spot of spots) {
    const chip = h('span', { class: 'chip', hidden: true });
    const button = h(
      'button',
      {
        type: 'button',
        class: `spot spot-${spot.bet.type}${spot.colour ? ` ${spot.colour}` : ''}`,
        style: `--wr:${spot.wide.row};--wc:${spot.wide.col};--wrs:${spot.wide.rowSpan};--wcs:${spot.wide.colSpan};--tr:${spot.tall.row};--tc:${spot.tall.col};--trs:${spot.tall.rowSpan};--tcs:${spot.tall.colSpan}`,
      },
      h('span', { class: 'spot-label' }, spot.label),
      chip,
    );
    button.addEventListener('click', () => place(spot));
    // Hovering or focusing an outside bet lights up the numbers it covers.
    if (spot.bet.type !== 'straight') {
      const covered = coveredPockets(spot.bet);
      const on = () => covered.forEach((n) => numberButtons.get(n)?.classList.add('covered'));
      const off = () => covered.forEach((n) => numberButtons.get(n)?.classList.remove('covered'));
      button.addEventListener('pointerenter', on);
      button.addEventListener('pointerleave', off);
      button.addEventListener('focus', on);
      button.addEventListener('blur', off);
    } else {
      numberButtons.set(spot.bet.value!, button);
    }
    buttons.set(spot.key, button);
    table.append(button);
  }
  shell.stage.append(
    h(
      'div',
      { class: 'roulette-layout' },
      h('div', { class: 'wheel-side' }, wheelWrap, history),
      h('div', { class: 'table-side' }, table),
    ),
  );

  // ---- controls ----
  const totalValue = h('output', { class: 'stat-value' }, shell.format(0));
  const undoButton = h('button', { type: 'button', class: 'button ghost' }, t('undo'));
  const clearButton = h('button', { type: 'button', class: 'button ghost' }, t('clear'));
  const rebetButton = h('button', { type: 'button', class: 'button ghost' }, t('rebet'));
  const spinButton = h('button', { type: 'button', class: 'primary-action' }, t('spin'));
  shell.controls.append(
    shell.bet.el,
    h('div', { class: 'stat' }, h('span', { class: 'field-label' }, t('totalBet')), totalValue),
    h('div', { class: 'table-actions' }, undoButton, clearButton, rebetButton),
    spinButton,
  );

  function spotName(spot: Spot): string {
    const amount = board.amountOn(spot.key);
    return amount > 0 ? t('yourBetOn', { spot: spot.name, sum: shell.format(amount) }) : spot.name;
  }

  function renderSpot(key: string): void {
    const spot = spots.find((s) => s.key === key)!;
    const button = buttons.get(key)!;
    const chip = button.querySelector<HTMLElement>('.chip')!;
    const amount = board.amountOn(key);
    chip.hidden = amount === 0;
    chip.textContent = amount ? chipLabel(amount, session.subunitToUnit) : '';
    button.setAttribute('aria-label', spotName(spot));
    button.classList.toggle('has-bet', amount > 0);
  }

  function sync(): void {
    totalValue.textContent = shell.format(board.total);
    const locked = spinning || shell.ended;
    spinButton.disabled = locked || board.empty;
    undoButton.disabled = locked || board.empty;
    clearButton.disabled = locked || board.empty;
    rebetButton.disabled = locked || lastBets.length === 0 || !board.empty;
    shell.bet.setDisabled(locked);
    for (const button of buttons.values()) button.disabled = locked;
  }

  function place(spot: Spot): void {
    if (spinning) return;
    board.place(spot.key, shell.bet.value);
    renderSpot(spot.key);
    sync();
  }

  undoButton.addEventListener('click', () => {
    const key = board.undo();
    if (key) renderSpot(key);
    sync();
  });
  clearButton.addEventListener('click', () => {
    board.clear();
    spots.forEach((spot) => renderSpot(spot.key));
    sync();
  });
  rebetButton.addEventListener('click', () => {
    board.restore(lastBets);
    spots.forEach((spot) => renderSpot(spot.key));
    sync();
  });

  // A total above the bonus's maximum bet: the same spots, lowered in proportion to the maximum (no chip
  // below the smallest), and the chip in hand lowered with it so the next one placed does not go over.
  const minChip = shell.bet.levels[0] ?? 1;
  shell.capStake({
    within(maxBet) {
      const fitted = fitBets(board.bets(), maxBet, minChip);
      return fitted ? fitted.reduce((sum, bet) => sum + bet.amount, 0) : null;
    },
    apply(maxBet) {
      const fitted = fitBets(board.bets(), maxBet, minChip);
      if (!fitted) return;
      board.restore(fitted);
      spots.forEach((spot) => renderSpot(spot.key));
      const chip = highestLevelWithin(shell.bet.levels, maxBet);
      if (chip !== null && shell.bet.value > chip) shell.bet.select(chip);
      sync();
    },
  });

  function pushHistory(pocket: number): void {
    history.prepend(h('li', { class: `hist ${rouletteColor(pocket)}` }, String(pocket)));
    while (history.children.length > 12) history.lastElementChild!.remove();
  }

  function clearHits(): void {
    for (const button of table.querySelectorAll('.hit, .won')) button.classList.remove('hit', 'won');
    pocketBadge.hidden = true;
  }

  async function spin(): Promise<void> {
    if (spinning || shell.ended) return;
    if (board.empty) {
      shell.announce(t('placeBetFirst'), 'info');
      return;
    }
    const bets = board.bets();
    const stake = board.total;
    spinning = true;
    sync();
    clearHits();
    shell.clearError();
    shell.announce('');
    const before = shell.balance();
    shell.setBalance(before - stake);
    document.body.classList.add('spinning');
    const startedAt = performance.now();
    const reduced = prefersReducedMotion();
    const motion = reduced ? null : wheel.spin();
    let result: PlayResult;
    try {
      result = await shell.api.play<'roulette'>(stake, { bets });
    } catch (error) {
      motion?.cancel();
      document.body.classList.remove('spinning');
      shell.setBalance(balanceAfterFailure(error, before));
      shell.showError(error);
      spinning = false;
      sync();
      return;
    }
    const outcome = result.round.outcome as RouletteOutcome;
    if (motion) await motion.land(outcome.pocket, startedAt + session.minSpinMs);
    else {
      await sleep(startedAt + session.minSpinMs - performance.now());
      wheel.settle(outcome.pocket);
    }

    lastBets = bets;
    shell.setBalance(result.balance);
    shell.recordRound(result);
    pushHistory(outcome.pocket);
    numberButtons.get(outcome.pocket)?.classList.add('hit');
    for (const win of outcome.winningBets) buttons.get(betKey(win))?.classList.add('won');
    pocketBadge.hidden = false;
    pocketBadge.className = `pocket-badge ${outcome.color}`;
    pocketBadge.textContent = String(outcome.pocket);
    shell.announce(
      outcome.totalWin > 0
        ? t('rouletteWon', { pocket: outcome.pocket, colour: t(outcome.color), sum: shell.format(outcome.totalWin) })
        : t('rouletteLost', { pocket: outcome.pocket, colour: t(outcome.color) }),
      outcome.totalWin > 0 ? 'win' : 'lose',
    );
    // The wheel overlay on phones stays up long enough to read the number.
    await sleep(reduced ? 0 : 1200);
    document.body.classList.remove('spinning');
    spinning = false;
    sync();
    shell.roundOver();
  }

  spinButton.addEventListener('click', () => void spin());
  onPrimaryKey(() => void spin());
  spots.forEach((spot) => renderSpot(spot.key));
  sync();
}
