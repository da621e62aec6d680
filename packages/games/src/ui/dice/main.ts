import { diceMultiplierX100, diceTargetRange, diceWinChance } from '../../engines/dice.ts';
import type { DiceOutcome } from '../../engines/types.ts';
import type { PlayResult } from '../shell/api.ts';
import { h, onPrimaryKey, prefersReducedMotion, sleep } from '../shell/dom.ts';
import { balanceAfterFailure } from '../shell/errors.ts';
import { startGame, type Shell } from '../shell/shell.ts';
import { t } from '../shell/i18n.ts';
import { clampTarget, flipTarget, payoutOnWin } from './dice-math.ts';
import './dice.css';

void startGame('dice', mountDice);

/** The dice card and controls, and the bet being set up: shared by the functions below. */
type Dice = ReturnType<typeof buildStage> &
  ReturnType<typeof buildControls> & {
    shell: Shell;
    over: boolean;
    target: number;
    rolling: boolean;
  };

function mountDice(shell: Shell): void {
  const dice: Dice = {
    ...buildStage(shell),
    ...buildControls(shell),
    shell,
    over: true,
    target: 50.5,
    rolling: false,
  };
  wireTarget(dice);
  shell.bet.onChange(() => render(dice));
  dice.rollButton.addEventListener('click', () => void roll(dice));
  onPrimaryKey(() => void roll(dice));
  render(dice);
}

/** The stage: result and the track (the range input is the track). */
function buildStage(shell: Shell) {
  const rollValue = h('output', { class: 'roll-value', 'aria-hidden': 'true' }, '–');
  const rollCaption = h('p', { class: 'roll-caption' }, t('pickTarget'));
  const marker = h('div', { class: 'roll-marker', hidden: true }, h('span', {}));
  const slider = h('input', { type: 'range', id: 'dice-target', class: 'track-input', step: '0.01' });
  // The rail, marker and scale sit in a lane inset by half a thumb, so 0–100 on them lines up with
  // the centre of the range thumb.
  const lane = h(
    'div',
    { class: 'lane', 'aria-hidden': 'true' },
    h('div', { class: 'rail' }),
    marker,
    h(
      'div',
      { class: 'track-scale' },
      ...[0, 25, 50, 75, 100].map((n) => h('span', { style: `left:${n}%` }, String(n))),
    ),
  );
  const track = h('div', { class: 'track' }, lane, slider);
  const card = h(
    'div',
    { class: 'dice-card' },
    rollValue,
    rollCaption,
    h('label', { for: 'dice-target', class: 'sr-only' }, t('targetSlider')),
    track,
  );
  shell.stage.append(card);
  return { rollValue, rollCaption, marker, slider, track, card };
}

/** The controls: target, over/under, the chance, multiplier and payout they make, the stake and roll. */
function buildControls(shell: Shell) {
  const targetInput = h('input', {
    type: 'number',
    id: 'dice-target-number',
    class: 'text-input mono',
    step: '0.01',
    inputmode: 'decimal',
  });
  const overButton = h('button', { type: 'button', 'aria-pressed': 'true' }, t('over'));
  const underButton = h('button', { type: 'button', 'aria-pressed': 'false' }, t('under'));
  const chanceOut = h('output', { class: 'stat-value' });
  const multiplierOut = h('output', { class: 'stat-value' });
  const payoutOut = h('output', { class: 'stat-value' });
  const rollButton = h('button', { type: 'button', class: 'primary-action' }, t('roll'));
  shell.controls.append(
    h(
      'div',
      { class: 'dice-row' },
      h('div', { class: 'field target-field' }, h('label', { for: 'dice-target-number' }, t('target')), targetInput),
      h(
        'div',
        { class: 'field' },
        h('span', { class: 'field-label', id: 'dir-label' }, t('winIfRoll')),
        h('div', { class: 'segmented', role: 'group', 'aria-labelledby': 'dir-label' }, overButton, underButton),
      ),
      h('div', { class: 'stat' }, h('span', { class: 'field-label' }, t('winChance')), chanceOut),
      h('div', { class: 'stat' }, h('span', { class: 'field-label' }, t('multiplier')), multiplierOut),
      h('div', { class: 'stat' }, h('span', { class: 'field-label' }, t('payout')), payoutOut),
    ),
    h('div', { class: 'dice-row' }, shell.bet.el, rollButton),
  );
  return { targetInput, overButton, underButton, chanceOut, multiplierOut, payoutOut, rollButton };
}

function render(dice: Dice): void {
  const { shell, over, target, slider, targetInput, overButton, underButton, track } = dice;
  const { min, max } = diceTargetRange(over);
  // The slider spans the whole 0–100 scale (so it lines up with the rolls); values outside the
  // engine's range snap back to its edge.
  slider.min = '0';
  slider.max = '100';
  slider.value = target.toFixed(2);
  targetInput.min = String(min);
  targetInput.max = String(max);
  if (document.activeElement !== targetInput) targetInput.value = target.toFixed(2);
  overButton.setAttribute('aria-pressed', String(over));
  underButton.setAttribute('aria-pressed', String(!over));
  const chance = diceWinChance(target, over);
  const multiplierX100 = diceMultiplierX100(target, over);
  dice.chanceOut.textContent = `${chance.toFixed(2)}%`;
  dice.multiplierOut.textContent = `${(multiplierX100 / 100).toFixed(2)}×`;
  dice.payoutOut.textContent = shell.format(payoutOnWin(shell.bet.value, multiplierX100));
  slider.setAttribute(
    'aria-valuetext',
    t(over ? 'sliderOver' : 'sliderUnder', { target: target.toFixed(2), chance: chance.toFixed(2) }),
  );
  track.style.setProperty('--t', `${target}%`);
  track.dataset.dir = over ? 'over' : 'under';
  const locked = dice.rolling || shell.ended;
  for (const el of [slider, targetInput, overButton, underButton]) el.disabled = locked;
  dice.rollButton.disabled = locked;
  shell.bet.setDisabled(locked);
}

/** The target from the slider or the field, and the direction from over / under. */
function wireTarget(dice: Dice): void {
  const { slider, targetInput } = dice;
  slider.addEventListener('input', () => {
    dice.target = clampTarget(Number(slider.value), dice.over);
    render(dice);
  });
  targetInput.addEventListener('change', () => {
    const value = Number(targetInput.value);
    if (Number.isFinite(value)) dice.target = clampTarget(value, dice.over);
    targetInput.value = dice.target.toFixed(2);
    render(dice);
  });
  const setDirection = (next: boolean) => {
    if (next === dice.over) return;
    // Flipping keeps the win chance: "over 50.50" becomes "under 49.49".
    dice.target = flipTarget(dice.target, dice.over);
    dice.over = next;
    render(dice);
  };
  dice.overButton.addEventListener('click', () => setDirection(true));
  dice.underButton.addEventListener('click', () => setDirection(false));
}

function showRoll(dice: Dice, value: number, final: boolean, won?: boolean): void {
  const { marker } = dice;
  dice.rollValue.textContent = value.toFixed(2);
  marker.hidden = false;
  marker.style.left = `${value}%`;
  marker.firstElementChild!.textContent = value.toFixed(2);
  dice.card.dataset.result = final ? (won ? 'win' : 'lose') : 'rolling';
}

async function animateUntil(dice: Dice, endAt: number, stop: () => boolean): Promise<void> {
  if (prefersReducedMotion()) {
    dice.rollValue.textContent = '…';
    while (!stop() || performance.now() < endAt) await sleep(50);
    return;
  }
  while (!stop() || performance.now() < endAt) {
    showRoll(dice, Math.floor(Math.random() * 10000) / 100, false);
    await sleep(70);
  }
}

async function roll(dice: Dice): Promise<void> {
  const { shell } = dice;
  if (dice.rolling || shell.ended) return;
  const bet = shell.bet.value;
  const params = { target: dice.target, over: dice.over };
  dice.rolling = true;
  render(dice);
  shell.clearError();
  shell.announce('');
  const before = shell.balance();
  shell.setBalance(before - bet);
  const startedAt = performance.now();
  let result: PlayResult | null = null;
  let failure: unknown = null;
  const request = shell.api.play<'dice'>(bet, params).then(
    (r) => (result = r),
    (e) => (failure = e ?? new Error('failed')),
  );
  await animateUntil(dice, startedAt + shell.session.minSpinMs, () => result !== null || failure !== null);
  await request;
  if (!result) {
    shell.setBalance(balanceAfterFailure(failure, before));
    shell.showError(failure);
    dice.rollValue.textContent = '–';
    dice.marker.hidden = true;
    delete dice.card.dataset.result;
    dice.rolling = false;
    render(dice);
    return;
  }
  const played: PlayResult = result;
  const outcome = played.round.outcome as DiceOutcome;
  showRoll(dice, outcome.roll, true, outcome.won);
  shell.setBalance(played.balance);
  shell.recordRound(played, { target: outcome.target.toFixed(2), over: String(outcome.over) });
  dice.rollCaption.textContent = t(outcome.over ? 'diceNeededOver' : 'diceNeededUnder', {
    result: outcome.won ? t('win') : t('noWin'),
    target: outcome.target.toFixed(2),
  });
  shell.announce(
    outcome.won
      ? t('rolledWon', { roll: outcome.roll.toFixed(2), sum: shell.format(outcome.totalWin) })
      : t('rolledLost', { roll: outcome.roll.toFixed(2) }),
    outcome.won ? 'win' : 'lose',
  );
  dice.rolling = false;
  render(dice);
  shell.roundOver();
}
