import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dataEnvelope, gameSchema, type Game } from '@casino/contracts';
import { useSession } from '@/features/auth';
import { accountsQueryKey } from '@/features/wallet';
import { currenciesQueryKey } from '@/shared/lib/currencies.ts';
import { testAccount, testCurrency } from '@/features/wallet/test-fixtures.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { saveSession } from '@/shared/lib/token.ts';
import { get, refuse, reply, server } from '@/test-api.ts';
import { renderInModal } from '../test-support.tsx';
import MobileGameModal from './mobile-game-modal.tsx';
import { testGame } from './test-fixtures.ts';

const withDemo = testGame('g1', 'Book of Lumen');
const noDemo = testGame('g2', 'Live Lumen', { isDemoMode: false });

beforeEach(() => {
  queryClient.clear();
  queryClient.setQueryData(currenciesQueryKey, [testCurrency('EUR', 'fiat', 100)]);
  server.use(
    get('/api/game/games/:identity', ({ params }) => {
      const game = [withDemo, noDemo].find((g) => params.identity === g.identity);
      return game ? reply(dataEnvelope(gameSchema), { data: game }) : refuse(404, { code: 404, message: 'Not found' });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ status: 'guest', profile: null });
});

function asPlayer(balance: number) {
  saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 900_000).toISOString() });
  useSession.setState({ status: 'player', profile: null });
  queryClient.setQueryData(accountsQueryKey, [testAccount('a1', 'EUR', balance, 1)]);
}

const open = (game: Game) =>
  renderInModal(
    <MobileGameModal name="mobile-game" value={game.identity} close={() => {}} />,
    `/categories/slots?mobile-game=${game.identity}`,
  );
const actions = async () => within(await screen.findByTestId('mobile-game-actions'));
const choices = async () =>
  (await actions())
    .queryAllByRole('link')
    .concat((await actions()).queryAllByRole('button'))
    .map((el) => el.textContent);

describe('mobile game sheet', () => {
  it('says there is no game when the query names none, instead of loading forever', async () => {
    renderInModal(<MobileGameModal name="mobile-game" value="" close={() => {}} />, '/?mobile-game');
    expect(await screen.findAllByRole('button', { name: 'Close' })).not.toHaveLength(0);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('heading')).not.toHaveTextContent(/loading/i);
  });

  it('loads the game named in the query and shows it', async () => {
    open(withDemo);
    expect(await screen.findByRole('heading', { name: 'Book of Lumen' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Book of Lumen' })).toBeInTheDocument();
  });

  it('offers a guest sign-up, sign-in and the demo', async () => {
    open(withDemo);
    expect((await choices()).sort()).toEqual(['Play demo', 'Sign in', 'Sign up to play']);
    expect((await actions()).getByRole('link', { name: 'Play demo' })).toHaveAttribute('href', '/games/book-of-lumen');
    await userEvent.setup().click((await actions()).getByRole('button', { name: 'Sign up to play' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/categories/slots?sign-up');
  });

  it('offers no demo when the game has none', async () => {
    open(noDemo);
    expect((await choices()).sort()).toEqual(['Sign in', 'Sign up to play']);
    expect(screen.getByText(/This game has no demo/)).toBeInTheDocument();
  });

  it('lets a player with money play for real', async () => {
    asPlayer(25);
    open(withDemo);
    expect((await choices()).sort()).toEqual(['Play', 'Play demo']);
    expect((await actions()).getByRole('link', { name: 'Play' })).toHaveAttribute(
      'href',
      '/games/book-of-lumen?real=true',
    );
    expect(screen.getByText('Your balance: €25.00')).toBeInTheDocument();
  });

  it('sends a player with an empty balance to the deposit', async () => {
    asPlayer(0);
    open(noDemo);
    expect(await choices()).toEqual(['Deposit']);
    await userEvent.setup().click((await actions()).getByRole('button', { name: 'Deposit' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/categories/slots?wallet=deposit');
  });

  it('says so when the game does not exist', async () => {
    renderInModal(<MobileGameModal name="mobile-game" value="nope" close={() => {}} />);
    expect(await screen.findByRole('heading', { name: 'This game is not available' })).toBeInTheDocument();
  });
});
