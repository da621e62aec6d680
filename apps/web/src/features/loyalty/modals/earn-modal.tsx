import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { BASE_CURRENCY } from '@casino/contracts';
import { useMoney } from '@/shared/lib/use-money.ts';
import { ModalFrame, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { useLoyaltyRates } from '../api.ts';
import { usePoints } from '../use-points.ts';
import '../i18n/index.ts';

const KNOWN_TYPES = ['slots', 'crash', 'dice', 'roulette'];

/** `?loyalty-earn`: how points are earned, the rate of each game type (guests too). */
export default function EarnModal({ close }: ModalProps) {
  const { t } = useTranslation();
  const points = usePoints();
  const rates = useLoyaltyRates();
  const money = useMoney();
  const earning = (rates.data ?? []).filter((r) => r.points > 0);
  return (
    <ModalFrame title={t('loyalty.earn.title')} description={t('loyalty.earn.description')}>
      {rates.isPending ? (
        <Spinner label={t('loyalty.loading')} />
      ) : rates.isError ? (
        <p role="alert" className="text-fg">
          {t('loyalty.loadFailed')}
        </p>
      ) : earning.length === 0 ? (
        <p className="text-muted">{t('loyalty.earn.none')}</p>
      ) : (
        <dl className="divide-y divide-line rounded-xl border border-line">
          {earning.map((rate) => (
            <div key={rate.gameType} className="flex items-center justify-between gap-4 px-4 py-3">
              <dt className="font-medium text-fg">
                {KNOWN_TYPES.includes(rate.gameType)
                  ? t(`loyalty.earn.type.${rate.gameType}`)
                  : t('loyalty.earn.type.other', { type: rate.gameType })}
              </dt>
              <dd className="text-right text-sm text-muted">
                {t('loyalty.earn.rate', {
                  points: points(rate.points),
                  amount: money(rate.perAmount, rate.currency),
                })}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p className="mt-4 rounded-xl bg-raised p-3 text-sm text-muted">
        {t('loyalty.earn.bonusMoney', { currency: BASE_CURRENCY })}
      </p>
      <div className="mt-5 flex justify-end">
        <Button variant="secondary" onClick={close}>
          {t('common.close')}
        </Button>
      </div>
    </ModalFrame>
  );
}
