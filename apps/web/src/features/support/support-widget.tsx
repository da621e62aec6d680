import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { usePlayerInit } from '@/shared/lib/player-init.ts';
import { Icon } from '@/shared/ui/icon.tsx';
import { toast } from '@/shared/ui/toast.ts';
import { loadZendesk } from './zendesk.ts';
import './i18n/index.ts';

const SupportPanel = lazy(() => import('./support-panel.tsx'));

/**
 * The support button, bottom right ('Chat with us', 'Support 24/7'). With a widget key it opens the
 * third-party chat; without, the built-in live chat (players) or the contact form (guests).
 */
export function SupportWidget() {
  const { t } = useTranslation();
  const { supportWidgetKey } = usePlayerInit();
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);

  const openWidget = () => {
    if (!supportWidgetKey) return setOpen(!open);
    setLoading(true);
    loadZendesk(supportWidgetKey)
      .then((zE) => zE('messenger', 'open'))
      .catch(() => toast({ type: 'error', title: t('support.timeout') }))
      .finally(() => setLoading(false));
  };

  return (
    <>
      {open && (
        <Suspense fallback={null}>
          <SupportPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
      {!open && (
        <button
          type="button"
          onClick={openWidget}
          aria-busy={loading || undefined}
          title={t('support.title')}
          // On a phone a round icon (its name kept for screen readers): the labelled pill covered the
          // buttons of the bonus cards under it. The layout leaves room below the page for it too.
          className="fixed bottom-20 right-4 z-40 flex size-12 items-center justify-center gap-2 rounded-full bg-accent text-sm font-semibold text-on-accent shadow-card transition-transform hover:scale-[1.03] md:bottom-6 md:w-auto md:px-4"
        >
          <Icon name="chat" className="size-5" />
          <span className="sr-only md:not-sr-only">{t('support.label')}</span>
        </button>
      )}
    </>
  );
}
