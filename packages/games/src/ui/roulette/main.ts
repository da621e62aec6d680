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

/** The roulette's wheel, table and controls, and the bets in play: shared by the functions below. */
type Roulette = ReturnType<typeof buildStage> &
  ReturnType<typeof buildControls> & {
    shell: Shell;
    spots: Spot[];
    board: BetBoard;
    lastBets: RouletteBet[];
    spinning: boolean;
  };

function mountRoulette(shell: Shell): void {
  const spots = boardSpots();
  const game: Roulette = {
    ...buildStage(shell, spots, (spot) => place(game, spot)),
    ...buildControls(shell),
    shell,
    spots,
    board: new BetBoard(spots),
    lastBets: [],
    spinning: false,
  };
  wireTableActions(game);
  capStakeOnTable(game);
  game.spinButton.addEventListener('click', () => void spin(game));
  onPrimaryKey(() => void spin(game));
  spots.forEach((spot) => renderSpot(game, spot.key));
  sync(game);
}

/** The stage: the wheel with the last numbers beside the betting table (a button per spot). */
function buildStage(shell: Shell, spots: Spot[], onPlace: (spot: Spot) => void) {
  const buttons = new Map<string, HTMLButtonElement>();
  const numberButtons = new Map<number, HTMLButtonElement>();

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
    button.addEventListener('click', () => onPlace(spot));
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
  return { buttons, numberButtons, wheel, pocketBadge, history, table };
}

/** The controls row: the chip, the total bet, undo / clear / rebet and the spin button. */
function buildControls(shell: Shell) {
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
  return { totalValue, undoButton, clearButton, rebetButton, spinButton };
}

function spotName(game: Roulette, spot: Spot): string {
  const amount = game.board.amountOn(spot.key);
  return amount > 0 ? t('yourBetOn', { spot: spot.name, sum: game.shell.format(amount) }) : spot.name;
}

function renderSpot(game: Roulette, key: string): void {
  const spot = game.spots.find((s) => s.key === key)!;
  const button = game.buttons.get(key)!;
  const chip = button.querySelector<HTMLElement>('.chip')!;
  const amount = game.board.amountOn(key);
  chip.hidden = amount === 0;
  chip.textContent = amount ? chipLabel(amount, game.shell.session.subunitToUnit) : '';
  button.setAttribute('aria-label', spotName(game, spot));
  button.classList.toggle('has-bet', amount > 0);
}

function sync(game: Roulette): void {
  const { shell, board } = game;
  game.totalValue.textContent = shell.format(board.total);
  const locked = game.spinning || shell.ended;
  game.spinButton.disabled = locked || board.empty;
  game.undoButton.disabled = locked || board.empty;
  game.clearButton.disabled = locked || board.empty;
  game.rebetButton.disabled = locked || game.lastBets.length === 0 || !board.empty;
  shell.bet.setDisabled(locked);
  for (const button of game.buttons.values()) button.disabled = locked;
}

function place(game: Roulette, spot: Spot): void {
  if (game.spinning) return;
  game.board.place(spot.key, game.shell.bet.value);
  renderSpot(game, spot.key);
  sync(game);
}

/** Undo the last chip, clear the table, or put the last round's bets back. */
function wireTableActions(game: Roulette): void {
  const { board, spots } = game;
  game.undoButton.addEventListener('click', () => {
    const key = board.undo();
    if (key) renderSpot(game, key);
    sync(game);
  });
  game.clearButton.addEventListener('click', () => {
    board.clear();
    spots.forEach((spot) => renderSpot(game, spot.key));
    sync(game);
  });
  game.rebetButton.addEventListener('click', () => {
    board.restore(game.lastBets);
    spots.forEach((spot) => renderSpot(game, spot.key));
    sync(game);
  });
}

/**
 * A total above the bonus's maximum bet: the same spots, lowered in proportion to the maximum (no chip
 * below the smallest), and the chip in hand lowered with it so the next one placed does not go over.
 */
function capStakeOnTable(game: Roulette): void {
  const { shell, board, spots } = game;
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
      spots.forEach((spot) => renderSpot(game, spot.key));
      const chip = highestLevelWithin(shell.bet.levels, maxBet);
      if (chip !== null && shell.bet.value > chip) shell.bet.select(chip);
      sync(game);
    },
  });
}

function pushHistory(game: Roulette, pocket: number): void {
  const { history } = game;
  history.prepend(h('li', { class: `hist ${rouletteColor(pocket)}` }, String(pocket)));
  while (history.children.length > 12) history.lastElementChild!.remove();
}

function clearHits(game: Roulette): void {
  for (const button of game.table.querySelectorAll('.hit, .won')) button.classList.remove('hit', 'won');
  game.pocketBadge.hidden = true;
}

async function spin(game: Roulette): Promise<void> {
  const { shell, board, wheel } = game;
  if (game.spinning || shell.ended) return;
  if (board.empty) {
    shell.announce(t('placeBetFirst'), 'info');
    return;
  }
  const bets = board.bets();
  const stake = board.total;
  game.spinning = true;
  sync(game);
  clearHits(game);
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
    game.spinning = false;
    sync(game);
    return;
  }
  const outcome = result.round.outcome as RouletteOutcome;
  if (motion) await motion.land(outcome.pocket, startedAt + shell.session.minSpinMs);
  else {
    await sleep(startedAt + shell.session.minSpinMs - performance.now());
    wheel.settle(outcome.pocket);
  }

  game.lastBets = bets;
  shell.setBalance(result.balance);
  shell.recordRound(result);
  showPocket(game, outcome);
  // The wheel overlay on phones stays up long enough to read the number.
  await sleep(reduced ? 0 : 1200);
  document.body.classList.remove('spinning');
  game.spinning = false;
  sync(game);
  shell.roundOver();
}

/** The pocket the ball landed in: on the history, the table and the badge, and read out. */
function showPocket(game: Roulette, outcome: RouletteOutcome): void {
  const { shell, pocketBadge } = game;
  pushHistory(game, outcome.pocket);
  game.numberButtons.get(outcome.pocket)?.classList.add('hit');
  for (const win of outcome.winningBets) game.buttons.get(betKey(win))?.classList.add('won');
  pocketBadge.hidden = false;
  pocketBadge.className = `pocket-badge ${outcome.color}`;
  pocketBadge.textContent = String(outcome.pocket);
  shell.announce(
    outcome.totalWin > 0
      ? t('rouletteWon', { pocket: outcome.pocket, colour: t(outcome.color), sum: shell.format(outcome.totalWin) })
      : t('rouletteLost', { pocket: outcome.pocket, colour: t(outcome.color) }),
    outcome.totalWin > 0 ? 'win' : 'lose',
  );
}
