import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { Provider } from '@casino/contracts';
import { cn } from '@/shared/lib/cn.ts';
import { useDismiss } from '@/shared/lib/use-dismiss.ts';
import { Icon } from '@/shared/ui/icon.tsx';
import { filterProviders } from '../lib/provider-search.ts';

type ProviderFilterProps = {
  providers: readonly Provider[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
};

/** How many studios are ticked, as a badge on the toggle. */
function SelectedCount({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <span className="grid min-w-5 place-items-center rounded-full bg-accent px-1.5 text-xs text-on-accent">
      {count}
      <span className="sr-only"> {t('games.filters.selected')}</span>
    </span>
  );
}

/** The studios the search finds, each a checkbox with its number of games; a line when none matches. */
function ProviderOptions({
  list,
  query,
  isChosen,
  onFlip,
}: {
  list: Provider[];
  query: string;
  isChosen: (p: Provider) => boolean;
  onFlip: (p: Provider) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="max-h-72 overflow-y-auto overscroll-contain">
      {list.map((provider) => (
        <li key={provider.id}>
          <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 text-sm text-fg hover:bg-raised">
            <input
              type="checkbox"
              checked={isChosen(provider)}
              onChange={() => onFlip(provider)}
              className="size-4 accent-[var(--accent)]"
            />
            <span className="min-w-0 flex-1 truncate">{provider.name}</span>
            <span className="text-xs text-muted">{provider.gameEnabledCount}</span>
          </label>
        </li>
      ))}
      {list.length === 0 && <li className="px-2 py-2 text-sm text-muted">{t('games.providers.none', { query })}</li>}
    </ul>
  );
}

/**
 * A multi-select of studios: a button that opens a searchable checkbox list (Escape or a click
 * outside closes it). `selected` holds ids; a shared link may name a studio by identity instead
 * (the API takes both), and that counts as selected too.
 */
export function ProviderFilter({ providers, selected, onChange }: ProviderFilterProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const searchId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, toggle, open, close);
  const isChosen = (p: Provider) => selected.includes(p.id) || selected.includes(p.identity);
  // The chosen ones on top, so what is ticked is always in sight.
  const list = filterProviders(providers, query, 'name', i18n.language).sort(
    (a, b) => Number(isChosen(b)) - Number(isChosen(a)),
  );
  const flip = (p: Provider) =>
    onChange(isChosen(p) ? selected.filter((s) => s !== p.id && s !== p.identity) : [...selected, p.id]);

  return (
    <div ref={root} className="relative">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className={cn(
          'flex h-11 items-center gap-2 rounded-xl border bg-surface px-3.5 text-sm font-semibold transition-colors',
          selected.length ? 'border-accent/70 text-fg' : 'border-line text-fg hover:border-muted/60',
        )}
      >
        <Icon name="studio" className="size-[18px] text-muted" />
        {t('games.filters.providers')}
        {selected.length > 0 && <SelectedCount count={selected.length} />}
      </button>
      {open && (
        <fieldset
          id={panelId}
          className="absolute left-0 z-30 mt-2 w-[min(20rem,calc(100vw-2rem))] rounded-2xl border border-line bg-surface p-3 shadow-card"
        >
          <legend className="sr-only">{t('games.filters.providers')}</legend>
          <label htmlFor={searchId} className="sr-only">
            {t('games.providers.search')}
          </label>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('games.providers.search')}
            autoComplete="off"
            className="mb-2 block h-10 w-full rounded-xl border border-line bg-page px-3 text-sm text-fg placeholder:text-muted/70 focus-visible:border-accent"
          />
          <ProviderOptions list={list} query={query} isChosen={isChosen} onFlip={flip} />
          {selected.length > 0 && (
            <button
              type="button"
              onClick={() => onChange([])}
              className="mt-2 w-full rounded-lg py-2 text-sm font-semibold text-accent hover:bg-raised"
            >
              {t('games.filters.clear')}
            </button>
          )}
        </fieldset>
      )}
    </div>
  );
}
