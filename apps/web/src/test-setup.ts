import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { i18n } from '@/shared/i18n/i18n.ts';

// jsdom does not implement scrolling; the navigation rules call it on every page change.
window.scrollTo = () => {};

// Without vitest globals, Testing Library does not clean up by itself.
afterEach(async () => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
  // A test that visited a /de page must not leave German behind for the next one.
  i18n.changeLanguage('en');
});
