import { beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh module per test: the store reads localStorage when it is created.
async function loadTheme() {
  vi.resetModules();
  return import('./theme.ts');
}

beforeEach(() => {
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.className = '';
});

describe('theme', () => {
  it('is dark by default', async () => {
    const { useTheme, readStoredTheme } = await loadTheme();
    expect(readStoredTheme()).toBe('dark');
    expect(useTheme.getState().theme).toBe('dark');
  });

  it('starts light when light was stored under color-scheme', async () => {
    localStorage.setItem('color-scheme', 'light');
    const { useTheme } = await loadTheme();
    expect(useTheme.getState().theme).toBe('light');
  });

  it('ignores an unknown stored value', async () => {
    localStorage.setItem('color-scheme', 'purple');
    const { useTheme } = await loadTheme();
    expect(useTheme.getState().theme).toBe('dark');
  });

  it('toggles, applies to <html> and persists; transitions are off while switching', async () => {
    vi.useFakeTimers();
    const { useTheme } = await loadTheme();
    useTheme.getState().toggle();
    const root = document.documentElement;
    expect(root.getAttribute('data-theme')).toBe('light');
    expect(root.style.colorScheme).toBe('light');
    expect(localStorage.getItem('color-scheme')).toBe('light');
    expect(root.classList.contains('theme-switching')).toBe(true);
    vi.advanceTimersByTime(200);
    expect(root.classList.contains('theme-switching')).toBe(false);

    useTheme.getState().toggle();
    expect(root.getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem('color-scheme')).toBe('dark');
    vi.useRealTimers();
  });
});
