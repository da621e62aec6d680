import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { ModalFrame, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { TextField } from '@/shared/ui/text-field.tsx';
import { useCollections } from './api/get-collections.ts';
import { useGamesPage, useInfiniteGames } from './api/get-games.ts';
import { usePlatform } from './lib/media.ts';
import { useDebounced } from './lib/use-debounced.ts';
import { GameListItem } from './ui/game-list-item.tsx';
import './i18n/index.ts';

const SEARCH_DEBOUNCE_MS = 500;
const SEARCH_MIN_LENGTH = 2;
const RESULTS_PER_PAGE = 5;
const SUGGESTIONS = 4;

const stopsOf = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('input, a[data-result]')];

/** Arrow keys walk from the input through the result links and back; Tab works as well. */
function onArrowKeys(this: HTMLElement, event: KeyboardEvent) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const stops = stopsOf(this);
  const at = stops.indexOf(document.activeElement as HTMLElement);
  if (at === -1) return;
  event.preventDefault();
  stops[(at + (event.key === 'ArrowDown' ? 1 : stops.length - 1)) % stops.length]?.focus();
}

/** Enter in the input moves to the first result (Enter again opens it). */
function onSubmit(event: FormEvent<HTMLFormElement>) {
  event.preventDefault();
  stopsOf(event.currentTarget)[1]?.focus();
}

/** The input takes focus once the dialog has opened, and the arrow keys walk the form's stops. */
function useSearchFocus() {
  const input = useRef<HTMLInputElement>(null);
  // The dialog would focus its first stop, the close button. Moving to the input one task later
  // lets the dialog first note what had focus before (it gets focus back on close).
  useEffect(() => {
    const timer = setTimeout(() => input.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, []);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const el = form.current;
    el?.addEventListener('keydown', onArrowKeys);
    return () => el?.removeEventListener('keydown', onArrowKeys);
  }, []);
  return { input, form };
}

/** The results for the term: a short announced status, the games found, and more of them on request. */
function SearchResults({
  term,
  waiting,
  results,
}: {
  term: string;
  waiting: boolean;
  results: ReturnType<typeof useInfiniteGames>;
}) {
  const { t } = useTranslation();
  const games = results.data?.pages.flatMap((p) => p.data) ?? [];
  const total = results.data?.pages[0]?.meta.totalRows ?? 0;
  const status = waiting
    ? { text: t('games.search.searching'), className: 'text-sm text-muted' }
    : results.isError
      ? { text: t('games.loadFailed'), className: 'text-sm text-danger' }
      : games.length === 0
        ? {
            text: t('games.search.empty', { term }),
            className: 'rounded-xl border border-dashed border-line p-4 text-sm text-muted',
          }
        : {
            text: t('games.search.found', { count: total }),
            className: 'text-xs font-semibold uppercase tracking-wider text-muted',
          };
  return (
    <div className="min-h-24">
      {/* Only the short status is announced, not the whole list. */}
      <p aria-live="polite" className={status.className}>
        {waiting && <Spinner className="mr-2 align-[-2px] text-accent" />}
        {status.text}
      </p>
      {!waiting && games.length > 0 && (
        <>
          <ul className="mt-2 flex flex-col gap-1">
            {games.map((game) => (
              <li key={game.id}>
                <GameListItem game={game} />
              </li>
            ))}
          </ul>
          {results.hasNextPage && (
            <Button
              variant="secondary"
              block
              className="mt-3"
              loading={results.isFetchingNextPage}
              onClick={() => void results.fetchNextPage()}
            >
              {t('games.loadMore')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}

/**
 * The header search (`?search`): game names, 500 ms after typing stops, from two characters.
 * A result is a plain link to the game: following it leaves the `?search` query behind, which closes the modal.
 */
export default function SearchModal(_props: ModalProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const { input, form } = useSearchFocus();
  const typed = text.trim();
  const term = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  const platform = usePlatform();
  const searching = typed.length >= SEARCH_MIN_LENGTH;
  const ready = term.length >= SEARCH_MIN_LENGTH && searching;
  const results = useInfiniteGames(
    { name: term, perPage: RESULTS_PER_PAGE, platform, sortBy: 'default' },
    { enabled: ready },
  );
  const waiting = searching && (term !== typed || results.isPending);

  return (
    <ModalFrame title={t('modals.titles.search')} size="lg">
      <search>
        <form ref={form} onSubmit={onSubmit} className="flex flex-col gap-4">
          <TextField
            ref={input}
            label={t('games.search.label')}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('search.placeholder')}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
            hint={
              typed.length < SEARCH_MIN_LENGTH ? t('games.search.minLength', { count: SEARCH_MIN_LENGTH }) : undefined
            }
          />
          {!searching && <Suggestions />}
          {searching && <SearchResults term={term} waiting={waiting} results={results} />}
        </form>
      </search>
    </ModalFrame>
  );
}

/** Before typing: a few popular games (the `popular` collection, or the first one on offer). */
function Suggestions() {
  const { t } = useTranslation();
  const headingId = useId();
  const collections = useCollections();
  const platform = usePlatform();
  const source = collections.data?.find((c) => c.identity === 'popular') ?? collections.data?.[0];
  const games = useGamesPage(
    { collectionId: source ? [source.id] : [], perPage: SUGGESTIONS, platform, sortBy: 'default' },
    { enabled: !!source },
  );
  const list = games.data?.data ?? [];
  if (!source || games.isError || (games.isSuccess && list.length === 0)) return null;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 text-xs font-semibold uppercase tracking-wider text-muted">
        {t('games.search.suggestions')}
      </h3>
      {games.isPending ? (
        <Spinner label={t('common.loading')} className="size-6 text-accent" />
      ) : (
        <ul className="grid gap-1 sm:grid-cols-2">
          {list.map((game) => (
            <li key={game.id}>
              <GameListItem game={game} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
