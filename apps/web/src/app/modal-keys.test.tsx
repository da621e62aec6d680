import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderApp } from './test-support.tsx';

/** Modal keys of the spec that used to open a "coming soon" stand-in or an empty dialog. */

// The first lazy modal chunk of a run is slow on a busy machine.
const firstLoad = { timeout: 5_000 };

describe('modal keys', () => {
  it('sign-up-cancel asks a guest whether to finish the sign-up, and goes back to it', async () => {
    mockApi();
    const app = renderApp('/bonuses?sign-up-cancel');
    const dialog = await screen.findByRole('dialog', { name: 'Leave the sign-up?' }, firstLoad);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Continue sign-up' }));
    await waitFor(() => expect(app.url()).toBe('/bonuses?sign-up'));
    expect(await screen.findByRole('dialog', { name: 'Create your account' }, firstLoad)).toBeInTheDocument();
  });

  it('sign-up-cancel closes itself for a player, who has signed up already', async () => {
    mockApi();
    const app = renderApp('/bonuses?sign-up-cancel', { status: 'player' });
    await waitFor(() => expect(app.url()).toBe('/bonuses'), firstLoad);
  });

  it('profile-confirmed says the address is confirmed: sign-in for a guest, the deposit for a player', async () => {
    mockApi();
    const guest = renderApp('/?profile-confirmed');
    const dialog = await screen.findByRole('dialog', { name: 'Your e-mail address is confirmed' }, firstLoad);
    expect(dialog).toHaveAccessibleDescription('Thank you. Sign in to play with your account.');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(guest.url()).toBe('/?sign-in'));
    guest.unmount();

    const player = renderApp('/?profile-confirmed', { status: 'player' });
    const confirmed = await screen.findByRole('dialog', { name: 'Your e-mail address is confirmed' }, firstLoad);
    await userEvent.setup().click(within(confirmed).getByRole('button', { name: 'Deposit' }));
    await waitFor(() => expect(player.url()).toBe('/?wallet=deposit'));
  });

  it('success confirms in words of its own, whatever the URL carries', async () => {
    mockApi();
    const app = renderApp('/?success=You+won+a+car');
    const dialog = await screen.findByRole('dialog', { name: 'All done' }, firstLoad);
    expect(dialog).not.toHaveTextContent('car');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(app.url()).toBe('/'));
  });

  it('cancel-deposit opens only over a deposit step on screen: not for a guest, not for a stale link', async () => {
    mockApi();
    const guest = renderApp('/bonuses?cancel-deposit=inv-1');
    await waitFor(() => expect(guest.url()).toBe('/bonuses'), firstLoad);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    guest.unmount();
    const player = renderApp('/bonuses?cancel-deposit=inv-1', { status: 'player' });
    await waitFor(() => expect(player.url()).toBe('/bonuses'), firstLoad);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    'bonus-details',
    'bonus-confirm-action',
    'change-active-bonus',
    'cancel-active-bonus',
    'cancel-issued-bonus',
    'cancel-unsettled-bonus',
    'wallet-bonus-info',
  ])('%s is built: it opens its own dialog for a player, not the coming-soon stand-in', async (key) => {
    mockApi();
    renderApp(`/bonuses?${key}=b1`, { status: 'player' });
    const dialog = await screen.findByRole('dialog', {}, firstLoad);
    await waitFor(() => expect(dialog).not.toHaveAccessibleName(''));
    expect(dialog).not.toHaveAccessibleName('Coming soon');
    expect(dialog).not.toHaveTextContent(/coming soon|on its way|not ready yet/i);
  });

  it('a bonus modal names a bonus that is not there: it says so and leads to the bonuses', async () => {
    mockApi();
    const app = renderApp('/?cancel-active-bonus=gone', { status: 'player' });
    const dialog = await screen.findByRole('dialog', { name: 'Bonus not available' }, firstLoad);
    await userEvent.setup().click(within(dialog).getByRole('link', { name: 'See my bonuses' }));
    await waitFor(() => expect(app.url()).toBe('/bonuses'));
  });

  it('edit-cash-limit without a limit says the link is incomplete and leads to the limits page', async () => {
    mockApi();
    const app = renderApp('/de/bonuses?edit-cash-limit', { status: 'player' });
    const dialog = await screen.findByRole('dialog', { name: 'Limit ändern' }, firstLoad);
    expect(dialog).toHaveTextContent('Dieser Link nennt kein Limit.');
    expect(dialog).not.toHaveTextContent('gibt es nicht mehr');
    await userEvent.setup().click(within(dialog).getByRole('link', { name: 'Zu deinen Limits' }));
    await waitFor(() => expect(app.url()).toBe('/de/profile/limits'));
  });
});
