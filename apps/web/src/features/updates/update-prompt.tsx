import { useEffect, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { buttonClass } from '@/shared/ui/button.tsx';
import { isInPlay, promptShows, useUpdates } from './update-store.ts';

/** How long the "ready to work offline" notice stays. */
export const OFFLINE_READY_MS = 4000;

/**
 * Bottom centre, above the phone's tab bar and below any dialog: the non-modal "new version" prompt
 * (never on a page where a round may be running; it shows once the player leaves it) and the brief
 * first-install notice. The notice takes no clicks, so it can never get in a player's way.
 */
export function UpdatePrompt({ onReload }: { onReload: () => Promise<void> }) {
  const { t } = useTranslation();
  const shows = useUpdates(promptShows);
  const offlineReady = useUpdates((s) => s.offlineReady);
  const inPlay = useUpdates((s) => isInPlay(s.pathname));
  const [reloading, setReloading] = useState(false);

  // Said when it happens or not at all: never over a round, nor later out of context.
  useEffect(() => {
    if (!offlineReady) return;
    const timer = setTimeout(() => useUpdates.setState({ offlineReady: false }), OFFLINE_READY_MS);
    return () => clearTimeout(timer);
  }, [offlineReady]);

  return (
    // An <output> is a status: screen readers announce what appears in it, politely.
    <output className="pointer-events-none fixed inset-x-0 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-[900] flex justify-center px-4 md:bottom-6">
      {shows ? (
        <span className="pointer-events-auto flex max-w-full flex-wrap items-center justify-center gap-x-3 gap-y-2 rounded-xl border border-line bg-surface py-2.5 pl-4 pr-2.5 shadow-card">
          <span className="text-sm font-medium text-fg">{t('updates.available')}</span>
          <span className="flex gap-1.5">
            <button
              type="button"
              className={buttonClass('primary', 'sm')}
              disabled={reloading}
              aria-busy={reloading || undefined}
              onClick={() => {
                setReloading(true);
                void onReload();
              }}
            >
              {t('updates.reload')}
            </button>
            <button
              type="button"
              className={buttonClass('ghost', 'sm')}
              onClick={() => useUpdates.setState({ dismissed: true })}
            >
              {t('updates.later')}
            </button>
          </span>
        </span>
      ) : offlineReady && !inPlay ? (
        <span className="rounded-full border border-line bg-surface px-4 py-2 text-sm text-fg shadow-card">
          {t('updates.offlineReady')}
        </span>
      ) : null}
    </output>
  );
}
