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

function mountDice(shell: Shell): void {
  const { session } = shell;
  let over = true;
  let target = 50.5;
  let rolling = false;

  // ---- stage: result and the track (the range input is the track) ----
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

  // ---- controls ----
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

  function render(): void {
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
    chanceOut.textContent = `${chance.toFixed(2)}%`;
    multiplierOut.textContent = `${(multiplierX100 / 100).toFixed(2)}×`;
    payoutOut.textContent = shell.format(payoutOnWin(shell.bet.value, multiplierX100));
    slider.setAttribute(
      'aria-valuetext',
      t(over ? 'sliderOver' : 'sliderUnder', { target: target.toFixed(2), chance: chance.toFixed(2) }),
    );
    track.style.setProperty('--t', `${target}%`);
    track.dataset.dir = over ? 'over' : 'under';
    const locked = rolling || shell.ended;
    for (const el of [slider, targetInput, overButton, underButton]) el.disabled = locked;
    rollButton.disabled = locked;
    shell.bet.setDisabled(locked);
  }

  slider.addEventListener('input', () => {
    target = clampTarget(Number(slider.value), over);
    render();
  });
  targetInput.addEventListener('change', () => {
    const value = Number(targetInput.value);
    if (Number.isFinite(value)) target = clampTarget(value, over);
    targetInput.value = target.toFixed(2);
    render();
  });
  const setDirection = (next: boolean) => {
    if (next === over) return;
    // Flipping keeps the win chance: "over 50.50" becomes "under 49.49".
    target = flipTarget(target, over);
    over = next;
    render();
  };
  overButton.addEventListener('click', () => setDirection(true));
  underButton.addEventListener('click', () => setDirection(false));
  shell.bet.onChange(render);

  function showRoll(value: number, final: boolean, won?: boolean): void {
    rollValue.textContent = value.toFixed(2);
    marker.hidden = false;
    marker.style.left = `${value}%`;
    marker.firstElementChild!.textContent = value.toFixed(2);
    card.dataset.result = final ? (won ? 'win' : 'lose') : 'rolling';
  }

  async function animateUntil(endAt: number, stop: () => boolean): Promise<void> {
    if (prefersReducedMotion()) {
      rollValue.textContent = '…';
      while (!stop() || performance.now() < endAt) await sleep(50);
      return;
    }
    while (!stop() || performance.now() < endAt) {
      showRoll(Math.floor(Math.random() * 10000) / 100, false);
      await sleep(70);
    }
  }

  async function roll(): Promise<void> {
    if (rolling || shell.ended) return;
    const bet = shell.bet.value;
    const params = { target, over };
    rolling = true;
    render();
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
    await animateUntil(startedAt + session.minSpinMs, () => result !== null || failure !== null);
    await request;
    if (!result) {
      shell.setBalance(balanceAfterFailure(failure, before));
      shell.showError(failure);
      rollValue.textContent = '–';
      marker.hidden = true;
      delete card.dataset.result;
      rolling = false;
      render();
      return;
    }
    const played: PlayResult = result;
    const outcome = played.round.outcome as DiceOutcome;
    showRoll(outcome.roll, true, outcome.won);
    shell.setBalance(played.balance);
    shell.recordRound(played, { target: outcome.target.toFixed(2), over: String(outcome.over) });
    rollCaption.textContent = t(outcome.over ? 'diceNeededOver' : 'diceNeededUnder', {
      result: outcome.won ? t('win') : t('noWin'),
      target: outcome.target.toFixed(2),
    });
    shell.announce(
      outcome.won
        ? t('rolledWon', { roll: outcome.roll.toFixed(2), sum: shell.format(outcome.totalWin) })
        : t('rolledLost', { roll: outcome.roll.toFixed(2) }),
      outcome.won ? 'win' : 'lose',
    );
    rolling = false;
    render();
    shell.roundOver();
  }

  rollButton.addEventListener('click', () => void roll());
  onPrimaryKey(() => void roll());
  render();
}
