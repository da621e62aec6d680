import { beforeEach, describe, expect, it } from 'vitest';
import { dataEnvelope, turnoverSchema } from '@casino/contracts';
import { screen } from '@testing-library/react';
import { queryClient } from '@/shared/lib/query-client.ts';
import { saveSession } from '@/shared/lib/token.ts';
import { get, reply, server } from '@/test-api.ts';
import { renderInModal } from '../../test-support.tsx';
import { currenciesQueryKey } from '@/shared/lib/currencies.ts';
import { accountsQueryKey } from '../index.ts';
import { testAccount, testCurrency } from '../test-fixtures.ts';
import TurnoverModal from './turnover-modal.tsx';

let remaining: number;
beforeEach(() => {
  queryClient.clear();
  saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
  queryClient.setQueryData(accountsQueryKey, [testAccount('a1', 'EUR', 60, 1)]);
  queryClient.setQueryData(currenciesQueryKey, [testCurrency('EUR', 'fiat', 100)]);
  server.use(
    get('/api/risk/reasons/turn-over-wager', () =>
      reply(dataEnvelope(turnoverSchema), {
        data: {
          currency: 'EUR',
          enabled: true,
          multiplier: 1,
          turnOverWagerAmount: remaining,
          wageredAmount: 60 - remaining,
          requiredAmount: 60,
        },
      }),
    ),
  );
});

describe('?turn-over-wager shows one consistent state', () => {
  it('still to wager: the title and the text both say so', async () => {
    remaining = 20;
    renderInModal(<TurnoverModal name="turn-over-wager" value="" close={() => {}} />);
    expect(await screen.findByText('€20.00 of €60.00 still to stake')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Wager your deposits first' })).toBeInTheDocument();
  });

  it('names its one figure and explains it: money at risk, and not a bonus’s wagering', async () => {
    remaining = 20;
    renderInModal(<TurnoverModal name="turn-over-wager" value="" close={() => {}} />);
    const figure = await screen.findByRole('term');
    expect(figure).toHaveTextContent('Deposit turnover');
    expect(screen.getByRole('definition')).toHaveTextContent('€20.00 of €60.00 still to stake');
    // One figure: no second "wagered" amount beside it.
    expect(screen.getAllByText(/€\d+\.\d\d/)).toHaveLength(1);
    expect(
      screen.getByText(/anti-money-laundering rule: your deposits must be staked 1× before a withdrawal/),
    ).toHaveTextContent('the smaller of its stake and what it won or lost');
    expect(screen.getByText(/separate from a bonus’s wagering/)).toBeInTheDocument();
  });

  it('all wagered: no "wager first" title above "you can withdraw now"', async () => {
    remaining = 0;
    renderInModal(<TurnoverModal name="turn-over-wager" value="" close={() => {}} />);
    expect(await screen.findByText('Everything is wagered: you can withdraw now.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'You can withdraw' })).toBeInTheDocument();
    expect(screen.queryByText('Wager your deposits first')).toBeNull();
  });
});
