/**
 * The round verifier: recomputes an outcome from (server seed, client seed, nonce [, params]) with the
 * very engine code the provider runs, and checks the server seed against the hash shown before play.
 */
import { ENGINE_FLOATS, fairFloats, playRound, sha256Hex, SLOT_CONFIG, diceTargetRange } from '../../engines/index.ts';
import type {
  CrashOutcome,
  DiceOutcome,
  EngineId,
  EngineOutcome,
  RouletteOutcome,
  SlotOutcome,
} from '../../engines/types.ts';
import { h } from '../shell/dom.ts';
import { parseVerifyQuery } from '../shell/verify-link.ts';
import { lineColour } from '../slot/paylines.ts';
import { installSymbolSprite, symbolName, symbolSvg } from '../slot/symbols.ts';
import '../shell/base.css';
import './verify.css';

const ENGINE_NAMES: Record<EngineId, string> = {
  slot: 'Slot',
  roulette: 'European roulette',
  dice: 'Dice',
  crash: 'Crash',
};

const query = parseVerifyQuery(location.search);
installSymbolSprite();

const field = (id: string, label: string, input: HTMLElement, hint?: string) =>
  h(
    'div',
    { class: 'vfield', 'data-field': id },
    h('label', { for: id }, label),
    input,
    hint ? h('p', { class: 'field-hint', id: `${id}-hint` }, hint) : null,
  );

const engineSelect = h(
  'select',
  { id: 'engine', name: 'engine', class: 'text-input' },
  ...(Object.keys(ENGINE_NAMES) as EngineId[]).map((id) => h('option', { value: id }, ENGINE_NAMES[id])),
);
const serverSeed = h('input', {
  id: 'serverSeed',
  name: 'serverSeed',
  class: 'text-input mono',
  autocomplete: 'off',
  spellcheck: 'false',
  required: true,
});
const expectedHash = h('input', {
  id: 'serverSeedHash',
  name: 'serverSeedHash',
  class: 'text-input mono',
  autocomplete: 'off',
  spellcheck: 'false',
  'aria-describedby': 'serverSeedHash-hint',
});
const clientSeed = h('input', {
  id: 'clientSeed',
  name: 'clientSeed',
  class: 'text-input mono',
  autocomplete: 'off',
  spellcheck: 'false',
  required: true,
});
const nonce = h('input', {
  id: 'nonce',
  name: 'nonce',
  type: 'number',
  min: '0',
  step: '1',
  class: 'text-input mono',
  required: true,
});
const bet = h('input', {
  id: 'bet',
  name: 'bet',
  type: 'number',
  min: '0',
  step: '1',
  class: 'text-input mono',
  'aria-describedby': 'bet-hint',
});
const freeSpin = h('input', { id: 'freeSpin', name: 'freeSpin', type: 'checkbox' });
const target = h('input', {
  id: 'target',
  name: 'target',
  type: 'number',
  step: '0.01',
  min: '0',
  max: '100',
  class: 'text-input mono',
});
const direction = h(
  'select',
  { id: 'over', name: 'over', class: 'text-input' },
  h('option', { value: 'true' }, 'Over'),
  h('option', { value: 'false' }, 'Under'),
);
const cashout = h('input', {
  id: 'cashout',
  name: 'cashout',
  type: 'number',
  step: '0.01',
  min: '1',
  class: 'text-input mono',
  'aria-describedby': 'cashout-hint',
});

engineSelect.value = query.engine ?? 'slot';
serverSeed.value = query.serverSeed ?? '';
clientSeed.value = query.clientSeed ?? '';
nonce.value = query.nonce === undefined ? '' : String(query.nonce);
expectedHash.value = query.extra.serverSeedHash ?? '';
bet.value = query.extra.bet ?? '100';
freeSpin.checked = query.extra.freeSpin === '1';
target.value = query.extra.target ?? '50.50';
direction.value = query.extra.over === 'false' ? 'false' : 'true';
cashout.value = query.extra.cashout ?? query.extra.autoCashout ?? '';

// Built on every switch: the bet input is shared, and a node can only sit in one wrapper at a time.
const engineFields = {
  slot: () => [
    field(
      'bet',
      'Total bet (minor units)',
      bet,
      'Wins are computed for this stake; 100 = 1.00. The symbols do not depend on it.',
    ),
    h(
      'div',
      { class: 'vfield check', 'data-field': 'freeSpin' },
      freeSpin,
      h('label', { for: 'freeSpin' }, 'This was a free spin (pays on the triggering bet)'),
    ),
  ],
  roulette: () => [
    h('p', { class: 'note' }, 'The pocket depends only on the seeds and the nonce; your bets decide what it paid.'),
  ],
  dice: () => [
    field('target', 'Target', target),
    field('over', 'Win if roll is', direction),
    field('bet', 'Bet (minor units)', bet, '100 = 1.00'),
  ],
  crash: () => [
    field('cashout', 'Cashed out at (optional)', cashout, 'Leave empty to see only the crash point.'),
    field('bet', 'Bet (minor units)', bet, '100 = 1.00'),
  ],
} satisfies Record<EngineId, () => HTMLElement[]>;

const paramsBox = h('div', { class: 'vgrid params' });
// A <div>, not a <form>: when the verifier opens inside the sandboxed game frame, submits are blocked.
const form = h(
  'div',
  { class: 'vcard', role: 'form', 'aria-label': 'Round to verify' },
  h(
    'div',
    { class: 'vgrid' },
    field('engine', 'Game', engineSelect),
    field('nonce', 'Nonce (round number)', nonce),
    h('div', { class: 'wide' }, field('serverSeed', 'Server seed (revealed)', serverSeed)),
    h(
      'div',
      { class: 'wide' },
      field(
        'serverSeedHash',
        'Server seed hash shown before play (optional)',
        expectedHash,
        'If you noted the hash before playing, paste it to compare.',
      ),
    ),
    h('div', { class: 'wide' }, field('clientSeed', 'Client seed', clientSeed)),
  ),
  paramsBox,
  h('button', { type: 'button', class: 'button verify-submit', id: 'verify-button' }, 'Verify'),
);
const output = h('section', { class: 'vcard vresult', 'aria-live': 'polite', 'aria-label': 'Result', hidden: true });

function renderParams(): void {
  const engine = engineSelect.value as EngineId;
  paramsBox.replaceChildren(...engineFields[engine]());
  syncTargetRange();
}

function syncTargetRange(): void {
  const { min, max } = diceTargetRange(direction.value === 'true');
  target.min = String(min);
  target.max = String(max);
}
engineSelect.addEventListener('change', () => {
  renderParams();
  output.hidden = true;
});
direction.addEventListener('change', syncTargetRange);

const root = document.getElementById('app')!;
root.replaceChildren(
  h(
    'header',
    { class: 'topbar' },
    h('div', { class: 'title' }, h('h1', {}, 'Verify a round')),
    query.back ? h('a', { href: query.back, class: 'button ghost small' }, '← Back to the game') : null,
  ),
  h(
    'p',
    { class: 'lead vlead' },
    'Each result is computed from HMAC-SHA256(server seed, "client seed:nonce:cursor"); every 4 bytes give a number between 0 and 1. Enter the revealed seeds to recompute the round in your browser with the same code the game server runs.',
  ),
  form,
  output,
);
renderParams();

function fact(label: string, value: Node | string): HTMLElement[] {
  return [h('dt', {}, label), h('dd', {}, value)];
}

function slotView(outcome: SlotOutcome): HTMLElement {
  const grid = h('div', {
    class: 'vslot',
    role: 'img',
    'aria-label': `Symbols, row by row: ${[0, 1, 2].map((row) => outcome.grid.map((reel) => symbolName(reel[row]!)).join(', ')).join('; ')}`,
  });
  for (let row = 0; row < 3; row++) {
    for (let reel = 0; reel < outcome.grid.length; reel++) {
      const cell = h('div', { class: 'vcell' });
      cell.innerHTML = symbolSvg(outcome.grid[reel]![row]!);
      grid.append(cell);
    }
  }
  const lines = outcome.lineWins.map((win) =>
    h(
      'li',
      {},
      h('span', { class: 'swatch', style: `background:${lineColour(win.line)}` }),
      `Line ${win.line + 1}: ${win.count}× ${symbolName(win.symbol)} — ${SLOT_CONFIG.paytable[win.symbol][win.count - 3]}× line bet = ${win.win}`,
    ),
  );
  return h(
    'div',
    {},
    grid,
    lines.length ? h('ul', { class: 'vlines' }, ...lines) : h('p', { class: 'note' }, 'No line wins.'),
    h(
      'dl',
      { class: 'facts' },
      ...fact('Scatters', `${outcome.scatterCount}${outcome.scatterWin ? ` (pays ${outcome.scatterWin})` : ''}`),
      ...fact('Free spins awarded', String(outcome.freeSpinsAwarded)),
      ...fact('Total win (minor units)', String(outcome.totalWin)),
    ),
  );
}

function outcomeView(outcome: EngineOutcome): HTMLElement {
  switch (outcome.kind) {
    case 'slot':
      return slotView(outcome);
    case 'roulette': {
      const o = outcome as RouletteOutcome;
      return h(
        'div',
        { class: 'vbig' },
        h('span', { class: `vpocket ${o.color}` }, String(o.pocket)),
        h('p', {}, `Pocket ${o.pocket}, ${o.color}. (pocket = floor(number × 37))`),
      );
    }
    case 'dice': {
      const o = outcome as DiceOutcome;
      return h(
        'div',
        {},
        h(
          'div',
          { class: 'vbig' },
          h('span', { class: `vroll ${o.won ? 'win' : 'lose'}` }, o.roll.toFixed(2)),
          h(
            'p',
            {},
            `Roll ${o.roll.toFixed(2)} — needed ${o.over ? 'over' : 'under'} ${o.target.toFixed(2)}: ${o.won ? 'win' : 'no win'}. (roll = floor(number × 10000) / 100)`,
          ),
        ),
        h(
          'dl',
          { class: 'facts' },
          ...fact('Multiplier', `${o.multiplier.toFixed(2)}×`),
          ...fact('Win (minor units)', String(o.totalWin)),
        ),
      );
    }
    case 'crash': {
      const o = outcome as CrashOutcome;
      return h(
        'div',
        {},
        h(
          'div',
          { class: 'vbig' },
          h('span', { class: 'vroll' }, `${o.crashPoint.toFixed(2)}×`),
          h('p', {}, 'Crash point = floor(99 / (1 − number)) / 100, at least 1.00×.'),
        ),
        h(
          'dl',
          { class: 'facts' },
          ...fact('Cashed out', o.cashedOutAt === null ? 'no (or not entered)' : `${o.cashedOutAt.toFixed(2)}×`),
          ...fact('Win (minor units)', String(o.totalWin)),
        ),
      );
    }
  }
}

function fail(message: string, focus?: HTMLElement): void {
  output.hidden = false;
  output.replaceChildren(h('p', { class: 'verdict bad', role: 'alert' }, message));
  focus?.focus();
}

async function verify(): Promise<void> {
  const engine = engineSelect.value as EngineId;
  const seed = serverSeed.value.trim();
  const client = clientSeed.value.trim();
  const n = Number(nonce.value);
  if (!seed) return fail('Enter the revealed server seed.', serverSeed);
  if (!client) return fail('Enter the client seed.', clientSeed);
  if (nonce.value.trim() === '' || !Number.isSafeInteger(n) || n < 0)
    return fail('The nonce is a whole number, 0 or more.', nonce);
  if (!globalThis.crypto?.subtle) return fail('This browser only allows the check on a secure (https) page.');
  const stake = Number(bet.value || '0');
  if (!Number.isSafeInteger(stake) || stake < 0) return fail('The bet is a whole number of minor units.', bet);
  const fair = { serverSeed: seed, clientSeed: client, nonce: n };
  let outcome: EngineOutcome;
  try {
    if (engine === 'dice') {
      const over = direction.value === 'true';
      const t = Math.round(Number(target.value) * 100) / 100;
      const { min, max } = diceTargetRange(over);
      if (!Number.isFinite(t) || t < min || t > max)
        return fail(
          `The target must be between ${min.toFixed(2)} and ${max.toFixed(2)} for ${over ? 'over' : 'under'}.`,
          target,
        );
      outcome = await playRound('dice', fair, stake, { target: t, over });
    } else if (engine === 'crash') {
      const c = cashout.value.trim() === '' ? null : Math.round(Number(cashout.value) * 100) / 100;
      if (c !== null && !(c >= 1)) return fail('The cash-out multiplier is 1.00 or more.', cashout);
      outcome = await playRound('crash', fair, stake, {}, { cashout: c });
    } else if (engine === 'roulette') {
      outcome = await playRound('roulette', fair, 0, { bets: [] });
    } else {
      outcome = await playRound('slot', fair, stake, {}, { freeSpin: freeSpin.checked });
    }
  } catch (error) {
    return fail(`Could not compute the round: ${error instanceof Error ? error.message : String(error)}`);
  }
  const [hash, floats] = await Promise.all([sha256Hex(seed), fairFloats(fair, ENGINE_FLOATS[engine])]);
  const expected = expectedHash.value.trim().toLowerCase();
  const verdict = !expected
    ? h('p', { class: 'verdict' }, 'Compare this hash with the one the game showed before the round.')
    : expected === hash
      ? h('p', { class: 'verdict good' }, '✓ The server seed matches the hash shown before play.')
      : h('p', { class: 'verdict bad' }, '✗ The server seed does NOT match the hash you entered.');
  output.hidden = false;
  output.replaceChildren(
    h('h2', {}, `${ENGINE_NAMES[engine]} · nonce ${n}`),
    h(
      'dl',
      { class: 'facts' },
      ...fact('SHA-256 of the server seed', h('code', { class: 'seed' }, hash)),
      ...fact('Random numbers', h('code', { class: 'seed' }, floats.map((f) => f.toFixed(10)).join(', '))),
    ),
    verdict,
    outcomeView(outcome),
  );
}

form.querySelector('#verify-button')!.addEventListener('click', () => void verify());
form.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement && event.target.type !== 'checkbox') {
    event.preventDefault();
    void verify();
  }
});

if (query.serverSeed && query.clientSeed && query.nonce !== undefined) void verify();
