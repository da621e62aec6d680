import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initWith, mockApi, renderApp } from '../test-support.tsx';
import { useDrawer } from '../drawer-store.ts';

describe('default layout', () => {
  it('starts with a skip link to the main content and has landmarks', async () => {
    mockApi();
    renderApp('/bonuses');
    await screen.findByRole('heading', { level: 1, name: 'Bonuses' });
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('18+');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('offers sign-in and sign-up to a guest, opening their modals', async () => {
    mockApi();
    const app = renderApp('/bonuses');
    const user = userEvent.setup();
    const banner = await screen.findByRole('banner');
    await user.click(within(banner).getByRole('button', { name: 'Sign up' }));
    expect(app.url()).toBe('/bonuses?sign-up');
  });

  it('shows the wallet button and account menu to a player', async () => {
    mockApi();
    const app = renderApp('/bonuses', { status: 'player' });
    const user = userEvent.setup();
    const banner = await screen.findByRole('banner');
    expect(within(banner).queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    // The account menu is players-only code, loaded when a player's header first shows.
    const menuButton = await within(banner).findByRole('button', { name: 'Account menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(within(banner).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
    await user.click(within(banner).getByRole('button', { name: 'Deposit' }));
    expect(app.url()).toBe('/bonuses?wallet=deposit');
  });

  it('switches language keeping the page and the query', async () => {
    mockApi();
    const app = renderApp('/bonuses?tab=2');
    const user = userEvent.setup();
    const banner = await screen.findByRole('banner');
    await user.selectOptions(within(banner).getByRole('combobox', { name: 'Language' }), 'pt-br');
    await waitFor(() => expect(app.url()).toBe('/pt-br/bonuses?tab=2'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bônus' })).toBeInTheDocument();
  });

  it('toggles the theme from the header', async () => {
    mockApi();
    renderApp('/bonuses');
    const user = userEvent.setup();
    const banner = await screen.findByRole('banner');
    await user.click(within(banner).getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    expect(within(banner).getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'Switch to dark theme' }));
  });

  it('opens the drawer as a dialog, moves focus in, and closes it on Escape', async () => {
    mockApi();
    renderApp('/bonuses');
    const user = userEvent.setup();
    const banner = await screen.findByRole('banner');
    const menu = within(banner).getByRole('button', { name: 'Open menu' });
    await user.click(menu);
    const drawer = await screen.findByRole('dialog', { name: /Menu/ });
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
    expect(within(drawer).getByRole('link', { name: 'Providers' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(useDrawer.getState().open).toBe(false);
    await waitFor(() => expect(menu).toHaveFocus());
  });

  it('keeps the compact side-nav choice in localStorage', async () => {
    mockApi();
    renderApp('/bonuses');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Collapse menu' }));
    expect(localStorage.getItem('drawer-compact')).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Expand menu' }));
    expect(localStorage.getItem('drawer-compact')).toBe('0');
  });

  it('offers a player the quests beside their sections, not only in the avatar menu', async () => {
    mockApi({ init: initWith({}, { quests: true }) });
    const app = renderApp('/bonuses', { status: 'player' });
    const nav = await screen.findByRole('navigation', { name: 'Site sections' }, { timeout: 5_000 });
    await userEvent.click(await within(nav).findByRole('button', { name: 'Quests' }, { timeout: 5_000 }));
    await waitFor(() => expect(app.url()).toBe('/bonuses?quests-hub=active'));
  });

  it('hides the sportsbook link when the sportsbook is off', async () => {
    mockApi();
    renderApp('/bonuses');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Sports' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Bonuses' })).toHaveAttribute('aria-current', 'page');
  });

  it('leaves the floating support button off game pages and the sportsbook, where it would cover their controls', async () => {
    mockApi({
      init: initWith(
        { sportsbook: { host: 'http://localhost/sandbox/sportsbook', clientId: 'x' } },
        { sportsbook: true },
      ),
    });
    const app = renderApp('/bonuses');
    expect(await screen.findByRole('button', { name: 'Chat with us' }, { timeout: 5_000 })).toBeInTheDocument();
    for (const path of ['/games/sugar-rush', '/de/games/sugar-rush', '/betting']) {
      await act(() => app.router.navigate(path));
      await waitFor(() => expect(screen.queryByRole('button', { name: /Chat with us|Chatte mit uns/ })).toBeNull());
    }
    // Help stays reachable from the menu.
    expect(screen.getAllByRole('link', { name: /Help centre|Hilfe-Center/ }).length).toBeGreaterThan(0);
  });
});
