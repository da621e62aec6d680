import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { modalZIndex } from '@casino/contracts';
import { useSession } from '@/features/auth';
import { initWith, mockApi, renderApp } from './test-support.tsx';

describe('modal host', () => {
  it('opens a modal named in the URL on load', async () => {
    mockApi();
    renderApp('/bonuses?search');
    // The first lazy modal chunk of the run loads here; on a busy machine that takes about a second.
    const dialog = await screen.findByRole('dialog', { name: 'Search games' }, { timeout: 5_000 });
    expect(within(dialog).getByLabelText('Game name')).toBeInTheDocument();
  });

  it('opens from the header and closes with the close button, leaving the query clean', async () => {
    mockApi();
    const app = renderApp('/bonuses?tab=1');
    const user = userEvent.setup();
    const opener = await screen.findByRole('button', { name: 'Search games' });
    await user.click(opener);
    expect(app.url()).toBe('/bonuses?tab=1&search');
    const dialog = await screen.findByRole('dialog', { name: 'Search games' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(app.url()).toBe('/bonuses?tab=1'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('closes the top modal only on Escape', async () => {
    mockApi();
    const app = renderApp('/?search&providers');
    await screen.findByRole('dialog', { name: 'Providers' });
    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(app.url()).toBe('/?search'));
  });

  it('stacks modals with z-index 1000 + 2 per level', async () => {
    mockApi();
    renderApp('/?search&providers');
    await screen.findByRole('dialog', { name: 'Providers' });
    const contents = document.querySelectorAll<HTMLElement>('[data-modal]');
    expect([...contents].map((el) => [el.dataset.modal, el.style.zIndex])).toEqual([
      ['search', String(modalZIndex(0))],
      ['providers', String(modalZIndex(1))],
    ]);
    const overlays = document.querySelectorAll<HTMLElement>('[data-modal-overlay]');
    expect([...overlays].map((el) => el.style.zIndex)).toEqual(['1000', '1002']);
  });

  it('removes a guest-only key for a player, without a history entry', async () => {
    mockApi();
    const app = renderApp('/bonuses?tab=1&sign-in', { status: 'player' });
    await waitFor(() => expect(app.url()).toBe('/bonuses?tab=1'));
    expect(app.router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks a guest with a player-only key to sign in, and keeps the way back to it', async () => {
    mockApi();
    sessionStorage.clear();
    const app = renderApp('/bonuses?wallet=deposit&search');
    await waitFor(() => expect(app.url()).toBe('/bonuses?search&sign-in=wallet'));
    expect(app.router.state.historyAction).toBe('REPLACE');
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' }, { timeout: 5_000 });
    expect(dialog).toHaveAccessibleDescription('Sign in to open your wallet.');
    // Where a successful sign-in goes (the sign-in dialog takes it).
    expect(sessionStorage.getItem('returnTo')).toBe('/bonuses?wallet=deposit&search');
  });

  it('does not add a second sign-in for a guest already in a guest dialog', async () => {
    mockApi();
    const app = renderApp('/?sign-up&wallet=deposit');
    await waitFor(() => expect(app.url()).toBe('/?sign-up'));
  });

  it('waits while the session is unknown, then decides', async () => {
    mockApi();
    const app = renderApp('/bonuses?wallet=deposit', { status: 'unknown' });
    await screen.findByRole('heading', { level: 1, name: 'Bonuses' });
    expect(app.url()).toBe('/bonuses?wallet=deposit');
    act(() => useSession.setState({ status: 'guest' }));
    await waitFor(() => expect(app.url()).toBe('/bonuses?sign-in=wallet'));
  });

  it('closes guest-only modals when a guest becomes a player, and drops the key with the next URL change', async () => {
    mockApi();
    const app = renderApp('/?forgot-pass');
    await screen.findByRole('dialog', { name: 'Forgot your password?' });
    act(() => useSession.setState({ status: 'player' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The flow that signed the player in may be moving the URL itself (sign-up → wallet), so the
    // stale key is not stripped at that instant but with the next URL change.
    await act(() => app.router.navigate('/?forgot-pass&search'));
    await waitFor(() => expect(app.url()).toBe('/?search'));
  });

  describe('swipe to close', () => {
    const drag = (el: HTMLElement, id: number, from: number, to: number, ms: number) => {
      const now = vi.spyOn(Date, 'now').mockReturnValue(1_000);
      fireEvent.pointerDown(el, { pointerId: id, pointerType: 'touch', clientY: from });
      fireEvent.pointerMove(el, { pointerId: id, pointerType: 'touch', clientY: to });
      now.mockReturnValue(1_000 + ms);
      fireEvent.pointerUp(el, { pointerId: id, pointerType: 'touch', clientY: to });
      now.mockRestore();
    };
    const openSheet = async () => {
      mockApi();
      const app = renderApp('/?search');
      const dialog = await screen.findByRole('dialog', { name: 'Search games' });
      dialog.getBoundingClientRect = () => ({ height: 500 }) as DOMRect;
      return { app, dialog };
    };

    it('stays open after a slow, short drag (under 10% of its height)', async () => {
      const { app, dialog } = await openSheet();
      drag(dialog, 1, 100, 140, 600);
      await new Promise((r) => setTimeout(r, 50));
      expect(app.url()).toBe('/?search');
    });

    it('closes when dragged down more than 10% of its height', async () => {
      const { app, dialog } = await openSheet();
      drag(dialog, 1, 100, 160, 600);
      await waitFor(() => expect(app.url()).toBe('/'));
    });

    it('closes on a quick flick under 300 ms', async () => {
      const { app, dialog } = await openSheet();
      drag(dialog, 1, 100, 140, 120);
      await waitFor(() => expect(app.url()).toBe('/'));
    });

    it('ignores mouse drags', async () => {
      const { app, dialog } = await openSheet();
      const now = vi.spyOn(Date, 'now').mockReturnValue(1_000);
      fireEvent.pointerDown(dialog, { pointerId: 1, pointerType: 'mouse', clientY: 0 });
      fireEvent.pointerUp(dialog, { pointerId: 1, pointerType: 'mouse', clientY: 400 });
      now.mockRestore();
      await new Promise((r) => setTimeout(r, 50));
      expect(app.url()).toBe('/?search');
    });
  });

  it('opens the quests hub for a player while quests are on; off, the key leaves the URL', async () => {
    mockApi({ init: initWith({}, { quests: true }) });
    const app = renderApp('/?quests-hub', { status: 'player' });
    expect(await screen.findByRole('dialog', { name: 'Quests' })).toBeInTheDocument();
    app.unmount();
    mockApi({ init: initWith({}, { quests: false }) });
    const off = renderApp('/bonuses?quests-hub&tab=1', { status: 'player' });
    await waitFor(() => expect(off.url()).toBe('/bonuses?tab=1'));
  });

  it('has no loyalty modals while loyalty is off: the keys leave the URL', async () => {
    mockApi({ init: initWith({}, { loyalty: false }) });
    for (const status of ['guest', 'player'] as const) {
      const app = renderApp('/bonuses?loyalty-earn&loyalty-level=2&tab=1', { status });
      await waitFor(() => expect(app.url()).toBe('/bonuses?tab=1'));
      expect(screen.queryByRole('dialog')).toBeNull();
      app.unmount();
    }
  });

  it('opens loyalty-earn while loyalty is on', async () => {
    mockApi({ init: initWith({}, { loyalty: true }) });
    const app = renderApp('/bonuses?loyalty-earn', { status: 'guest' });
    expect(await screen.findByRole('dialog', { name: 'How to earn points' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(app.url()).toBe('/bonuses?loyalty-earn');
  });
});
