import { useTranslation } from '@/shared/i18n/use-translation.tsx';

export const MAIN_ID = 'main-content';

/** First focusable element: lets keyboard users jump past the header and navigation. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only z-[3100] rounded-lg bg-accent px-4 py-2 font-semibold text-on-accent focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      {t('a11y.skipToContent')}
    </a>
  );
}
