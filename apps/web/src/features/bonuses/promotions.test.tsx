import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  collectionSchema,
  currencySchema,
  dataEnvelope,
  playerInitSchema,
  promotionSchema,
  type Promotion,
} from '@casino/contracts';
import { initWith, renderApp } from '@/app/test-support.tsx';
import { all, get, recordRequests, refuse, reply, server } from '@/test-api.ts';
import { testCurrency } from '@/features/wallet/test-fixtures.ts';

const terms: Promotion['terms'] = {
  currency: 'EUR',
  wagerMultiplier: 8,
  contributions: { roulette: 10, slots: 100, dice: 50, crash: 100 },
  excludedGames: [{ identity: 'mega-jackpot', name: 'Mega Jackpot' }],
  maxBet: 5,
  maxConversion: 100,
  activationDays: 14,
  wageringDays: 21,
  lapsesOnStake: true,
};
const step: Promotion = {
  id: 'd1',
  name: 'Welcome 1st deposit 100%',
  names: { de: 'Willkommen: 1. Einzahlung 100 %' },
  type: 2,
  kind: 'deposit',
  package: { id: 'p1', name: 'Welcome package' },
  packagePriority: 1,
  currency: 'EUR',
  amount: null,
  depositPercentage: 100,
  maxAmount: 500,
  minDeposit: 20,
  maxDeposit: null,
  freespins: null,
  cashback: null,
  availableFrom: null,
  availableTo: null,
  terms,
};
const cashback: Promotion = {
  ...step,
  id: 'c1',
  name: 'Weekly cashback',
  names: {},
  type: 1,
  kind: 'cashback',
  package: null,
  packagePriority: 0,
  depositPercentage: null,
  minDeposit: null,
  cashback: { percentage: 10, period: 'week' },
  terms: { ...terms, wagerMultiplier: 1, excludedGames: [], maxConversion: null, lapsesOnStake: false },
};

let sent: ReturnType<typeof recordRequests>;
const requests = () => sent.map((r) => ({ url: decodeURIComponent(r.url), auth: r.headers.get('authorization') }));
beforeEach(() => {
  sent = recordRequests();
  server.use(
    get('/api/player/init', () => reply(dataEnvelope(playerInitSchema), { data: initWith() })),
    get('/api/settings/currencies', () =>
      reply(dataEnvelope(z.array(currencySchema)), { data: [testCurrency('EUR', 'fiat', 100)] }),
    ),
    get('/api/game/promotions', () => reply(dataEnvelope(z.array(promotionSchema)), { data: [step, cashback] })),
    get('/api/game/collections', () => reply(dataEnvelope(z.array(collectionSchema)), { data: [] })),
    all('*', () => refuse(404, { code: 404, message: 'Not found' })),
  );
});

describe('/promotions', () => {
  it('shows a guest every offer and its full terms, written from the definition', async () => {
    renderApp('/promotions');
    const offer = await screen.findByRole('article', { name: 'Welcome 1st deposit 100%' }, { timeout: 10_000 });
    expect(requests().find((r) => r.url.startsWith('/api/game/promotions'))).toEqual({
      url: '/api/game/promotions?currency=EUR',
      auth: null,
    });
    expect(screen.getByRole('region', { name: 'Welcome package' })).toContainElement(offer);
    expect(offer).toHaveTextContent('Step 1');
    expect(offer).toHaveTextContent('100 % of your deposit, up to €500.00');
    expect(offer).toHaveTextContent('For a deposit of at least €20.00.');
    expect(within(offer).getByRole('button', { name: 'Sign up to get it' })).toBeInTheDocument();

    await userEvent.click(within(offer).getByText('Full terms'));
    // The terms' chunk loads when they are first shown.
    await within(offer).findByText('Which rounds count', {}, { timeout: 5_000 });
    const text = (term: string) =>
      within(offer)
        .getAllByRole('term')
        .find((dt) => dt.textContent === term)!.nextElementSibling!.textContent;
    expect(text('Wagering')).toBe('Stake 8× the bonus amount within 21 days of activating it.');
    expect(text('Which rounds count')).toContain('A round belongs to the bonus that was active when it started');
    expect(text('Which rounds count')).toContain(
      'Each game counts at its weight: Slots 100 %, Crash 100 %, Dice 50 %, Roulette 10 %; every other game 0 %.',
    );
    expect(text('Which rounds count')).toContain('Bonus money cannot be staked on Mega Jackpot, and they count 0 %.');
    expect(text('Maximum bet')).toBe('While the bonus is active, a round’s stakes together may not exceed €5.00.');
    expect(text('Your money first')).toContain('real money first, then bonus money');
    expect(text('Wins')).toContain('the bonus part of its win or refund is forfeited; the real part is paid');
    expect(text('Switching bonuses')).toContain('Activating another bonus cancels this one');
    expect(text('Completion')).toBe(
      'When the wagering is met and none of its rounds is still open, the bonus money becomes real money, up to €100.00; the rest is removed. If the bonus money runs out first, the bonus is lost.',
    );
    expect(text('Activation')).toBe(
      'Activate it within 14 days of receiving it. It lapses as soon as money is staked on your account while it waits: activate it before you play.',
    );

    const back = screen.getByRole('article', { name: 'Weekly cashback' });
    expect(screen.getByRole('region', { name: 'More offers' })).toContainElement(back);
    expect(back).toHaveTextContent('10 % of each week’s net losses back as a bonus, up to €500.00');
    expect(screen.getByRole('link', { name: 'bonus terms' })).toHaveAttribute('href', '/static/bonus-terms');
  }, 20_000);

  it('reads in German, with the offer’s German name', async () => {
    renderApp('/de/promotions');
    const offer = await screen.findByRole('article', { name: 'Willkommen: 1. Einzahlung 100 %' }, { timeout: 15_000 });
    expect(offer).toHaveTextContent('100 % deiner Einzahlung, bis zu');
    await userEvent.click(within(offer).getByText('Alle Bedingungen'));
    await waitFor(() => expect(offer).toHaveTextContent('Setze das 8-Fache des Bonusbetrags innerhalb von 21 Tagen'));
    expect(offer).toHaveTextContent('Slots 100 %, Crash 100 %, Würfel 50 %, Roulette 10 %');
    // No German name: the default one.
    expect(screen.getByRole('article', { name: 'Weekly cashback' })).toBeInTheDocument();
  }, 30_000);
});
