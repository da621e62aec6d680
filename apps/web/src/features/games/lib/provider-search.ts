import type { Provider } from '@casino/contracts';
import { foldText } from './text.ts';

export type ProviderSort = 'name' | 'games';

/** Providers whose name contains `query` (ignoring case and accents), sorted A–Z or by game count. */
export function filterProviders(
  list: readonly Provider[],
  query: string,
  sort: ProviderSort = 'name',
  locale = 'en',
): Provider[] {
  const needle = foldText(query);
  const found = needle ? list.filter((p) => foldText(p.name).includes(needle)) : [...list];
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return found.sort(
    (a, b) => (sort === 'games' ? b.gameEnabledCount - a.gameEnabledCount : 0) || collator.compare(a.name, b.name),
  );
}
