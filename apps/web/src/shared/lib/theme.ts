import { create } from 'zustand';
import { storage } from './storage.ts';

export type Theme = 'dark' | 'light';
export const THEME_STORAGE_KEY = 'color-scheme';
const SWITCH_GUARD_MS = 200;

/** Dark unless the visitor chose light (default dark). */
export function readStoredTheme(): Theme {
  return storage.get(THEME_STORAGE_KEY) === 'light' ? 'light' : 'dark';
}

export function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = theme;
}

type ThemeState = { theme: Theme; setTheme(theme: Theme): void; toggle(): void };

let guardTimer: ReturnType<typeof setTimeout> | undefined;

export const useTheme = create<ThemeState>((set, get) => ({
  theme: readStoredTheme(),
  setTheme(theme) {
    const root = document.documentElement;
    root.classList.add('theme-switching');
    applyTheme(theme);
    storage.set(THEME_STORAGE_KEY, theme);
    set({ theme });
    clearTimeout(guardTimer);
    guardTimer = setTimeout(() => root.classList.remove('theme-switching'), SWITCH_GUARD_MS);
  },
  toggle() {
    get().setTheme(get().theme === 'dark' ? 'light' : 'dark');
  },
}));
