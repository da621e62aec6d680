import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import './i18n/index.ts';
import { isInPlay, newBuildNoticed, useUpdates } from './update-store.ts';
import { OFFLINE_READY_MS, UpdatePrompt } from './update-prompt.tsx';

const initial = useUpdates.getState();
afterEach(() => {
  useUpdates.setState(initial, true);
  vi.useRealTimers();
});

const at = (pathname: string) => act(() => useUpdates.setState({ pathname }));
const prompt = () => screen.queryByText('A new version is available');

describe('the new-version prompt', () => {
  it('shows on a lobby page once a new build is noticed, with a Reload button that reloads', async () => {
    const onReload = vi.fn(async () => {});
    render(<UpdatePrompt onReload={onReload} />);
    at('/categories/slots');
    expect(prompt()).toBeNull();
    act(() => newBuildNoticed());
    expect(screen.getByRole('status')).toHaveTextContent('A new version is available');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDisabled();
  });

  it('waits while a round may be running (a game page, the sportsbook) and shows once the player leaves', () => {
    render(<UpdatePrompt onReload={async () => {}} />);
    at('/games/book-of-lumen');
    act(() => newBuildNoticed());
    expect(prompt()).toBeNull();
    for (const path of ['/de/games/book-of-lumen', '/pt-br/games/x/', '/betting', '/de/betting']) {
      at(path);
      expect(prompt(), path).toBeNull();
    }
    at('/');
    expect(prompt()).not.toBeNull();
    // Back into a game, it goes again: it never sits over a round.
    at('/games/book-of-lumen');
    expect(prompt()).toBeNull();
  });

  it('"Not now" puts it off until the next build is noticed', async () => {
    render(<UpdatePrompt onReload={async () => {}} />);
    act(() => newBuildNoticed());
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(prompt()).toBeNull();
    act(() => newBuildNoticed());
    expect(prompt()).not.toBeNull();
  });

  it('speaks the page language', async () => {
    const { i18n } = await import('@/shared/i18n/i18n.ts');
    await act(() => i18n.changeLanguage('de'));
    render(<UpdatePrompt onReload={async () => {}} />);
    act(() => newBuildNoticed());
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBeVisible();
  });

  it('says once, briefly, that the site works offline, never during play', () => {
    vi.useFakeTimers();
    render(<UpdatePrompt onReload={async () => {}} />);
    at('/');
    act(() => useUpdates.setState({ offlineReady: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Ready to work offline');
    act(() => vi.advanceTimersByTime(OFFLINE_READY_MS));
    expect(screen.queryByText('Ready to work offline')).toBeNull();
    // Installed during a game: not said over the round, nor when the player leaves it later.
    at('/games/book-of-lumen');
    act(() => useUpdates.setState({ offlineReady: true }));
    expect(screen.queryByText('Ready to work offline')).toBeNull();
    act(() => vi.advanceTimersByTime(OFFLINE_READY_MS));
    at('/');
    expect(screen.queryByText('Ready to work offline')).toBeNull();
  });
});

describe('isInPlay', () => {
  it('is the game page and the sportsbook, in any locale, and nothing else', () => {
    for (const path of ['/games/x', '/games/x/', '/de/games/x', '/betting', '/pt-br/betting/'])
      expect(isInPlay(path), path).toBe(true);
    for (const path of ['/', '/games', '/categories/slots', '/de', '/profile/wallet', '/recently-played'])
      expect(isInPlay(path), path).toBe(false);
  });
});
