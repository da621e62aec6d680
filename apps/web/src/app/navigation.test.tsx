import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { useToasts, toast } from '@/shared/ui/toast.ts';
import { keepsPreloader } from '@/shared/lib/preloader.ts';
import { useDrawer } from './drawer-store.ts';
import { inCurrentLocale } from './router.tsx';
import { post, server } from '@/test-api.ts';
import { mockApi, renderApp } from './test-support.tsx';

beforeEach(() => {
  window.dataLayer = [];
});

describe('navigation rules', () => {
  it('reports a page view with path and title on every page change', async () => {
    mockApi();
    const app = renderApp('/providers');
    await screen.findByRole('heading', { level: 1, name: 'Providers' });
    await act(() => app.router.navigate('/de/bonuses'));
    await screen.findByRole('heading', { level: 1, name: 'Boni' });
    expect(window.dataLayer).toEqual([
      { event: 'page_view', page_path: '/providers', page_title: 'Providers · Lumen Casino' },
      { event: 'page_view', page_path: '/de/bonuses', page_title: 'Boni · Lumen Casino' },
    ]);
  });

  it('does not report a page view when only a modal opens', async () => {
    mockApi();
    const app = renderApp('/providers');
    await screen.findByRole('heading', { level: 1, name: 'Providers' });
    await act(() => app.router.navigate('/providers?search'));
    expect(window.dataLayer).toHaveLength(1);
  });

  it('scrolls to the top on a new path unless the navigation asks not to', async () => {
    mockApi();
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const app = renderApp('/providers');
    await screen.findByRole('heading', { level: 1, name: 'Providers' });
    await act(() => app.router.navigate('/bonuses'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();
    await act(() => app.router.navigate('/favorites', { state: { preventScrollReset: true } }));
    await screen.findByRole('heading', { level: 1, name: 'Favourites' });
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls a hash link to its element', async () => {
    mockApi();
    const app = renderApp('/providers');
    await screen.findByRole('heading', { level: 1, name: 'Providers' });
    const target = document.createElement('div');
    target.id = 'terms';
    target.scrollIntoView = vi.fn();
    document.body.append(target);
    await act(() => app.router.navigate('/providers#terms'));
    await waitFor(() => expect(target.scrollIntoView).toHaveBeenCalled());
    target.remove();
  });

  it('hides open toasts when the path changes', async () => {
    mockApi();
    const app = renderApp('/providers');
    await screen.findByRole('heading', { level: 1, name: 'Providers' });
    act(() => void toast({ title: 'Saved' }));
    expect(useToasts.getState().toasts).toHaveLength(1);
    await act(() => app.router.navigate('/providers?tab=2'));
    expect(useToasts.getState().toasts).toHaveLength(1);
    await act(() => app.router.navigate('/bonuses'));
    expect(useToasts.getState().toasts).toHaveLength(0);
  });

  it('closes the drawer when the path or the query changes', async () => {
    mockApi();
    const app = renderApp('/providers');
    await screen.findByRole('heading', { level: 1, name: 'Providers' });
    act(() => useDrawer.getState().setOpen(true));
    await act(() => app.router.navigate('/providers?x=1'));
    expect(useDrawer.getState().open).toBe(false);
  });
});

describe('preloader', () => {
  it('stays up on the auth hand-off routes with their queries only', () => {
    expect(keepsPreloader('/auth/autologin', '?state=abc')).toBe(true);
    expect(keepsPreloader('/de/auth/autologin', '?state=abc')).toBe(true);
    expect(keepsPreloader('/auth/autologin', '')).toBe(false);
    expect(keepsPreloader('/auth/callback', '?code=1&state=2')).toBe(true);
    expect(keepsPreloader('/auth/callback', '?code=1')).toBe(false);
    expect(keepsPreloader('/', '?state=abc')).toBe(false);
  });

  it('goes once the hand-off moves on to the page it leads to', async () => {
    const sent = mockApi();
    // The sign-in with the token is still under way: only the navigation may end the splash.
    server.use(post('/api/player/sessions/token', () => new Promise<never>(() => {})));
    document.body.insertAdjacentHTML('afterbegin', '<div id="preloader"></div>');
    const preloader = document.getElementById('preloader')!;
    try {
      const app = renderApp('/auth/autologin?state=abc');
      await waitFor(() => expect(sent.some((r) => r.path.includes('/sessions/token'))).toBe(true));
      expect(preloader).not.toHaveClass('is-hidden');
      // What the autologin page does once the player is signed in.
      await act(() => app.router.navigate('/favorites?wallet=deposit', { replace: true }));
      await waitFor(() => expect(preloader).toHaveClass('is-hidden'));
    } finally {
      preloader.remove();
    }
  });
});

describe('navigate bridge', () => {
  it('keeps the visitor in their locale', () => {
    expect(inCurrentLocale('/?sign-in', '/de/profile')).toBe('/de?sign-in');
    expect(inCurrentLocale('/?sign-in', '/profile')).toBe('/?sign-in');
    expect(inCurrentLocale('/pt-br?sign-in', '/de/profile')).toBe('/pt-br?sign-in');
  });
});
