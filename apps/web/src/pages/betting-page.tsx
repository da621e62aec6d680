import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { SportsbookFrame } from '@/features/sportsbook/page.ts';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';

/** `/betting` (`?setIframePath=` the client's path): the sportsbook, a provider's client in a frame. */
export default function BettingPage() {
  const { t } = useTranslation();
  const title = t('pages.betting.title');
  usePageTitle(title);
  return (
    <div>
      {/* The frame is the page; the heading is for screen readers. */}
      <h1 className="sr-only">{title}</h1>
      <SportsbookFrame />
    </div>
  );
}
