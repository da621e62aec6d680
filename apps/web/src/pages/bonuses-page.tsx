import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { BonusCodeForm, BonusesPanel, PendingDepositCodes } from '@/features/bonuses/page.ts';
import { PlayerGamesGate } from '@/features/games';
import { LocaleLink } from '@/shared/i18n';

/**
 * `/bonuses`: the player's active bonus and those waiting for activation. A guest sees what the page
 * is for and the way to an account, so the address stays shareable and works right after signing in.
 */
export default function BonusesPage() {
  const { t } = useTranslation();
  return (
    <PlayerGamesGate
      title={t('pages.bonuses.title')}
      icon="gift"
      guestText={t('bonuses.guest')}
      intro={t('bonuses.intro')}
      guestExtra={
        <LocaleLink to="/promotions" className="font-semibold text-accent hover:underline">
          {t('bonuses.promotions.guestLink')}
        </LocaleLink>
      }
    >
      <section className="space-y-3 rounded-2xl border border-line bg-surface p-5">
        <BonusCodeForm />
        <PendingDepositCodes />
      </section>
      <BonusesPanel />
      <LocaleLink to="/profile/bonuses" className="inline-block text-sm font-semibold text-accent hover:underline">
        {t('bonuses.finished.title')}
      </LocaleLink>
    </PlayerGamesGate>
  );
}
