import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { LocaleLink } from '@/shared/i18n';
import { ModalFrame, type ModalProps } from '@/shared/modals/index.ts';
import { Button, buttonClass } from '@/shared/ui/button.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { useLoyaltyAccount } from '../api.ts';
import { LevelAvatar, LevelProgress } from '../progress.tsx';
import { usePoints } from '../use-points.ts';
import '../i18n/index.ts';

/** `?loyalty-level`: the level just reached (the account's current one), and the way to the levels. */
export default function LevelModal({ close }: ModalProps) {
  const { t } = useTranslation();
  const points = usePoints();
  const account = useLoyaltyAccount();
  const level = account.data?.currentLevel;
  const next = account.data?.nextLevel;
  return (
    <ModalFrame title={t('loyalty.level.title')} size="sm">
      {!account.data ? (
        account.isError ? (
          <p role="alert">{t('loyalty.loadFailed')}</p>
        ) : (
          <Spinner label={t('loyalty.loading')} />
        )
      ) : (
        <div className="space-y-4 text-center">
          <div className="flex justify-center">
            <LevelAvatar name={level!.name} order={level!.order} />
          </div>
          <p className="text-2xl font-bold text-fg" data-testid="loyalty-level-reached">
            {t('loyalty.level.reached', { name: level!.name })}
          </p>
          <LevelProgress account={account.data} />
          <p className="text-sm text-muted">
            {next ? t('loyalty.level.next', { name: next.name, points: points(next.points) }) : t('loyalty.level.top')}
          </p>
          <p className="text-sm text-muted">{t('loyalty.level.reward')}</p>
        </div>
      )}
      <div className="mt-5 flex flex-wrap justify-center gap-2">
        <LocaleLink to="/loyalty" className={buttonClass('primary')} onClick={close}>
          {t('loyalty.level.seeLevels')}
        </LocaleLink>
        <Button variant="secondary" onClick={close}>
          {t('loyalty.level.close')}
        </Button>
      </div>
    </ModalFrame>
  );
}
