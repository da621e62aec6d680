import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClosureOpen } from '@casino/contracts';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@/shared/i18n/i18n.ts';
import { saveSession } from '@/shared/lib/token.ts';
import { createMemoryRouter } from '@/shared/router';
import { post, refuse, server } from '@/test-api.ts';
import { renderRouter } from '../test-support.tsx';
import { CloseAccount } from './close-account.tsx';

let answer: () => Response;
beforeEach(() => {
  saveSession({ accessToken: 'jwt', expiresAfter: new Date(Date.now() + 600_000).toISOString() });
  server.use(post('/api/player/close', () => answer()));
});
afterEach(async () => {
  cleanup();
  localStorage.clear();
  await act(() => setLocale('en'));
});

async function closeWithPassword(
  labels = { open: 'Close my account', password: 'Current password', confirm: 'Close the account' },
) {
  renderRouter(createMemoryRouter([{ path: '*', element: <CloseAccount /> }]));
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: labels.open }));
  const dialog = screen.getByRole('dialog');
  await user.type(within(dialog).getByLabelText(labels.password), 'secret-pass-1');
  await user.click(within(dialog).getByRole('button', { name: labels.confirm }));
  return dialog;
}

const refusedWith = (open: ClosureOpen) => () =>
  refuse(409, { code: 409, message: 'You have …: settle them first', open });

describe('closing the account', () => {
  it('lists what is still open when the close is refused for it', async () => {
    answer = refusedWith({ sportsBets: 1, casinoRounds: 0, deposits: 2, withdrawals: 1 });
    const dialog = await closeWithPassword();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Something on your account is still open. Once it is settled you can close the account:',
    );
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '1 open sports bet: it is settled when its event ends',
      '2 unpaid deposits: complete the payments or let them expire',
      '1 withdrawal on its way: wait until it is paid out, or cancel it in your transactions',
    ]);
    // The dialog stays open, on the password form: nothing was closed.
    expect(within(dialog).getByRole('button', { name: 'Close the account' })).toBeInTheDocument();
  });

  it('says to withdraw first when only real money holds the close', async () => {
    answer = () => refuse(409, { code: 409, message: 'Withdraw your balance before you close your account' });
    const dialog = await closeWithPassword();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('There is still real money on your account');
    expect(within(alert).queryByRole('listitem')).toBeNull();
  });

  it('lists it in German and Portuguese too', async () => {
    answer = refusedWith({ sportsBets: 0, casinoRounds: 2, deposits: 0, withdrawals: 0 });
    await act(() => setLocale('de'));
    let dialog = await closeWithPassword({
      open: 'Mein Konto schließen',
      password: 'Aktuelles Passwort',
      confirm: 'Konto schließen',
    });
    expect(within(await within(dialog).findByRole('alert')).getByRole('listitem')).toHaveTextContent(
      '2 nicht beendete Spielrunden: Beende sie in ihren Spielen',
    );
    cleanup();
    await act(() => setLocale('pt-br'));
    dialog = await closeWithPassword({
      open: 'Encerrar minha conta',
      password: 'Senha atual',
      confirm: 'Encerrar a conta',
    });
    expect(within(await within(dialog).findByRole('alert')).getByRole('listitem')).toHaveTextContent(
      '2 rodadas de jogo não terminadas: termine-as nos jogos',
    );
  });
});
