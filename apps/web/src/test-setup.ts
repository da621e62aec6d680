import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n } from '@/shared/i18n/i18n.ts';

// findBy… and waitFor wait for a state, at most this long. Testing Library's 1 s suits a quiet machine;
// `npm test` runs these files beside the server suites and the journeys on two cores, where a first
// render of a lazy page alone can take longer. A state that never comes still fails.
configure({ asyncUtilTimeout: 5_000 });

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
