/**
 * The "provably fair" panel: the hash of the hidden server seed, the player's client seed (editable —
 * changing it reveals the old server seed), the next nonce, and recent rounds with links to the verifier.
 */
import { randomSeed } from '../../engines/fair.ts';
import type { EngineId } from '../../engines/types.ts';
import type { Fairness, GameApi, RoundSummary, SeedRotation } from './api.ts';
import { createDialog } from './dialog.ts';
import { h } from './dom.ts';
import { errorMessage } from './errors.ts';
import { t } from './i18n.ts';
import { openVerifier, verifyUrl } from './verify-link.ts';

export type FairnessPanel = {
  open(): void;
  update(fairness: Fairness): void;
  /** Params a round's outcome depends on, so its verify link can prefill them. */
  rememberParams(nonceKey: string, extra: Record<string, string>): void;
  /** Rounds changed: refresh the list if the panel is open. */
  refresh(): void;
  /** Seed changes are refused while a round or free spins are open. */
  setLocked(reason: string | null): void;
};

type PanelOptions = {
  api: GameApi;
  engine: EngineId;
  initial: Fairness;
  format: (minor: number) => string;
  onRotate?: (fairness: Fairness) => void;
};

/** The panel's parts and what changes while it is open: shared by the functions below. */
type Panel = ReturnType<typeof buildPanel> & {
  options: PanelOptions;
  fairness: Fairness;
  paramsBySeed: Map<string, Record<string, string>>;
  locked: string | null;
  loading: boolean;
};

export function createFairnessPanel(options: PanelOptions): FairnessPanel {
  const p: Panel = {
    ...buildPanel(),
    options,
    fairness: options.initial,
    paramsBySeed: new Map(),
    locked: null,
    loading: false,
  };
  p.randomButton.addEventListener('click', () => {
    p.seedInput.value = randomSeed(12);
    p.seedInput.focus();
  });
  p.seedInput.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void rotate(p);
    }
  });
  p.rotateButton.addEventListener('click', () => void rotate(p));

  const panel: FairnessPanel = {
    open() {
      p.open();
      void loadRounds(p);
    },
    update: (next) => update(p, next),
    rememberParams(nonceKey, extra) {
      p.paramsBySeed.set(nonceKey, extra);
    },
    refresh: () => refresh(p),
    setLocked(reason) {
      p.locked = reason;
      p.rotateButton.disabled = reason !== null;
      p.lockNote.hidden = reason === null;
      p.lockNote.textContent = reason ?? '';
    },
  };
  update(p, p.fairness);
  return panel;
}

/** The dialog: the seed pair's facts, the lock note, the client-seed form, the revealed seed, recent rounds. */
function buildPanel() {
  const hashOut = h('code', { class: 'seed' });
  const nonceOut = h('output', { class: 'mono' });
  const seedInput = h('input', {
    id: 'client-seed',
    name: 'clientSeed',
    class: 'text-input mono',
    maxlength: 64,
    autocomplete: 'off',
    spellcheck: 'false',
    pattern: '[A-Za-z0-9_.\\-]{1,64}',
    'aria-describedby': 'client-seed-hint',
  });
  const randomButton = h('button', { type: 'button', class: 'button ghost small' }, t('fairRandom'));
  const rotateButton = h('button', { type: 'button', class: 'button small' }, t('fairChange'));
  const formNote = h('p', { class: 'note', 'aria-live': 'polite' });
  const revealedBox = h('div', { class: 'revealed', hidden: true });
  const roundsList = h('ol', { class: 'rounds', 'aria-label': t('fairRecent') });
  const roundsNote = h('p', { class: 'note' });

  // Not a <form>: the game iframe has no allow-forms, and a sandboxed frame drops submit events.
  const form = h(
    'div',
    { class: 'seed-form', role: 'group', 'aria-label': t('fairChange') },
    h('label', { for: 'client-seed' }, t('fairYourSeed')),
    h('div', { class: 'seed-row' }, seedInput, randomButton),
    h('p', { class: 'note', id: 'client-seed-hint' }, t('fairSeedHint')),
    rotateButton,
    formNote,
  );

  const lockNote = h('p', { class: 'note warn', hidden: true });
  const { open, dialog } = createDialog(
    t('fairTitle'),
    h('p', { class: 'lead' }, t('fairLead')),
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, t('fairHash')),
      h('dd', {}, hashOut),
      h('dt', {}, t('fairNextNonce')),
      h('dd', {}, nonceOut),
    ),
    lockNote,
    form,
    revealedBox,
    h('h3', {}, t('fairRecent')),
    roundsList,
    roundsNote,
  );
  dialog.classList.add('fairness-dialog');
  return {
    hashOut,
    nonceOut,
    seedInput,
    randomButton,
    rotateButton,
    formNote,
    revealedBox,
    roundsList,
    roundsNote,
    lockNote,
    open,
    dialog,
  };
}

function update(p: Panel, next: Fairness): void {
  p.fairness = next;
  p.hashOut.textContent = p.fairness.serverSeedHash;
  p.nonceOut.textContent = String(p.fairness.nonce);
  if (document.activeElement !== p.seedInput) p.seedInput.value = p.fairness.clientSeed;
}

function refresh(p: Panel): void {
  if (p.dialog.open) void loadRounds(p);
}

async function rotate(p: Panel): Promise<void> {
  const { rotateButton, seedInput, formNote } = p;
  if (rotateButton.disabled) return;
  const clientSeed = seedInput.value.trim();
  if (clientSeed && !/^[A-Za-z0-9_.-]{1,64}$/.test(clientSeed)) {
    formNote.textContent = t('fairSeedInvalid');
    seedInput.focus();
    return;
  }
  rotateButton.disabled = true;
  formNote.textContent = t('fairChanging');
  try {
    const rotation = await p.options.api.rotateSeeds(clientSeed || undefined);
    showRevealed(p, rotation);
    update(p, rotation.fairness);
    p.options.onRotate?.(rotation.fairness);
    formNote.textContent = t('fairChanged');
    refresh(p);
  } catch (error) {
    formNote.textContent = errorMessage(error) ?? t('fairTryAgain');
  } finally {
    rotateButton.disabled = p.locked !== null;
  }
}

function verifyLink(
  p: Panel,
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  hash: string,
  label: string,
  round?: RoundSummary,
): HTMLAnchorElement {
  const { engine } = p.options;
  const extra = {
    ...p.paramsBySeed.get(paramsKey(hash, nonce)),
    ...(round ? verifyExtras(engine, round) : {}),
    serverSeedHash: hash,
  };
  const url = verifyUrl({ engine, serverSeed, clientSeed, nonce, extra });
  const link = h('a', { href: url, target: '_blank', rel: 'noopener noreferrer', class: 'verify-link' }, label);
  link.addEventListener('click', (event) => {
    event.preventDefault();
    openVerifier(url);
  });
  return link;
}

function showRevealed(p: Panel, rotation: SeedRotation): void {
  const { revealed } = rotation;
  p.revealedBox.hidden = false;
  p.revealedBox.replaceChildren(
    h('h3', {}, t('fairPrevious')),
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, t('fairServerSeed')),
      h('dd', {}, h('code', { class: 'seed' }, revealed.serverSeed)),
      h('dt', {}, t('fairItsHash')),
      h('dd', {}, h('code', { class: 'seed' }, revealed.serverSeedHash)),
      h('dt', {}, t('fairClientSeed')),
      h('dd', {}, h('code', { class: 'seed' }, revealed.clientSeed)),
      h('dt', {}, t('fairRoundsPlayed')),
      h('dd', {}, String(revealed.lastNonce === null ? 0 : revealed.lastNonce + 1)),
    ),
    revealed.lastNonce !== null
      ? verifyLink(
          p,
          revealed.serverSeed,
          revealed.clientSeed,
          revealed.lastNonce,
          revealed.serverSeedHash,
          t('fairVerifyLast'),
        )
      : h('p', { class: 'note' }, t('fairNoRoundsPair')),
  );
}

function renderRounds(p: Panel, rounds: RoundSummary[]): void {
  const { format } = p.options;
  p.roundsList.replaceChildren(
    ...rounds.map((round) =>
      h(
        'li',
        { class: round.win > 0 ? 'won' : '' },
        h('span', { class: 'mono nonce' }, `#${round.nonce}`),
        h('span', { class: 'amount' }, t('fairBet', { sum: format(round.bet) })),
        h('span', { class: 'amount win' }, round.win > 0 ? t('fairWin', { sum: format(round.win) }) : t('noWin')),
        round.revealedServerSeed
          ? verifyLink(
              p,
              round.revealedServerSeed,
              round.clientSeed,
              round.nonce,
              round.serverSeedHash,
              t('fairVerify'),
              round,
            )
          : h('span', { class: 'muted small', title: t('fairSeedHiddenTitle') }, t('fairSeedHidden')),
      ),
    ),
  );
  p.roundsNote.textContent =
    rounds.length === 0 ? t('fairNoRounds') : rounds.some((r) => !r.revealedServerSeed) ? t('fairVerifyLater') : '';
}

async function loadRounds(p: Panel): Promise<void> {
  if (p.loading) return;
  p.loading = true;
  try {
    renderRounds(p, await p.options.api.rounds(20));
  } catch (error) {
    p.roundsNote.textContent = errorMessage(error) ?? '';
  } finally {
    p.loading = false;
  }
}

/** The key `rememberParams` expects for a round: the seed hash it was played on and its nonce. */
export const paramsKey = (serverSeedHash: string, nonce: number) => `${serverSeedHash}:${nonce}`;

/**
 * What a verify link should prefill for a listed round, from the fields this provider adds to the
 * history (params, betBasis, outcome); missing fields just leave the verifier's defaults.
 */
export function verifyExtras(engine: EngineId, round: RoundSummary): Record<string, string> {
  const extra: Record<string, string> = {};
  const stake = round.betBasis ?? round.bet;
  if (stake > 0) extra.bet = String(stake);
  const params = round.params ?? {};
  if (engine === 'slot' && round.isFreeSpin) extra.freeSpin = '1';
  if (engine === 'dice') {
    if (typeof params.target === 'number') extra.target = params.target.toFixed(2);
    if (typeof params.over === 'boolean') extra.over = String(params.over);
  }
  if (engine === 'crash' && round.outcome?.kind === 'crash' && round.outcome.cashedOutAt !== null)
    extra.cashout = round.outcome.cashedOutAt.toFixed(2);
  return extra;
}
