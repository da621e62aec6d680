import { Suspense } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { BonusStatus, type PlayerBonus } from '@casino/contracts';
import { BonusTermsList } from '@/features/wallet';
import { useMoney } from '@/shared/lib/use-money.ts';
import { ModalFrame, useModal, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { useFinishedBonuses, useOpenBonuses } from '../api.ts';
import { BonusTerms, TermList, useToWager, WageringProgress } from '../bonus-card.tsx';
import { activateModalOf, cancelModalOf } from '../bonus-rules.ts';
import { useFormatDate } from '../format.ts';
import { BonusLoading, BonusUnavailable } from './modal-bonus.tsx';
import '../i18n/index.ts';

/**
 * `?bonus-details=<id>`: one bonus in full, whatever its status: what it gives, what it asks, its
 * dates, how it ended, and the rules of bonus money; an open one can be activated or cancelled here.
 */
export default function DetailsModal({ value }: ModalProps) {
  const { t } = useTranslation();
  const open = useOpenBonuses();
  const inOpen = open.data?.find((b) => b.id === value);
  // A finished bonus is looked for among the finished ones only when it is not an open one.
  const finished = useFinishedBonuses(open.isSuccess && !inOpen);
  const bonus = inOpen ?? finished.data?.pages.flatMap((page) => page.data).find((b) => b.id === value);
  const title = t('bonuses.modals.details.title');
  if (!bonus && (open.isPending || (!inOpen && finished.isPending && !open.isError)))
    return <BonusLoading title={title} />;
  if (!bonus) return <BonusUnavailable failed={open.isError} />;
  return <Details bonus={bonus} all={open.data ?? []} />;
}

function Details({ bonus, all }: { bonus: PlayerBonus; all: readonly PlayerBonus[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  const date = useFormatDate();
  const toWager = useToWager();
  const modal = useModal();
  const state =
    bonus.status === BonusStatus.finished
      ? t(`bonuses.result.${bonus.result}`, { defaultValue: t('bonuses.status.3') })
      : t(`bonuses.status.${bonus.status}`);
  const rows: [string, string][] = [
    [t('bonuses.modals.details.state'), state],
    [t('bonuses.card.amount'), money(bonus.amount, bonus.currency)],
    [t('bonuses.modals.details.issuedAt'), date(bonus.createdAt)],
  ];
  // An issued bonus's terms (below) say what it asks already.
  if (bonus.status !== BonusStatus.issued) rows.splice(2, 0, [t('bonuses.modals.details.wagering'), toWager(bonus)]);
  if (bonus.finishedAt) rows.push([t('bonuses.modals.details.endedAt'), date(bonus.finishedAt)]);
  return (
    <ModalFrame title={bonus.name} description={t('bonuses.modals.details.title')}>
      <TermList rows={rows} />
      {bonus.status !== BonusStatus.finished && <BonusTerms bonus={bonus} className="mt-1" />}
      {bonus.status === BonusStatus.active && (
        <div className="mt-4">
          <WageringProgress bonus={bonus} />
        </div>
      )}
      {bonus.terms ? (
        // The rules of this bonus, from the rule it was given with: the same terms as the promotions page.
        <section aria-label={t('bonuses.promotions.fullTerms')} className="mt-5 rounded-xl bg-raised p-3">
          <Suspense fallback={null}>
            <BonusTermsList terms={bonus.terms} waiting={bonus.status === BonusStatus.issued} />
          </Suspense>
        </section>
      ) : (
        <div className="mt-5 space-y-1.5 rounded-xl bg-raised p-3 text-sm text-muted">
          <p>{t('bonuses.rules.order')}</p>
          <p>{t('bonuses.rules.wagering')}</p>
          <p>{t('bonuses.rules.notWithdrawable')}</p>
        </div>
      )}
      {bonus.status !== BonusStatus.finished && (
        <div className="mt-5 flex flex-wrap gap-2">
          {bonus.status === BonusStatus.issued && (
            <Button onClick={() => modal.replace('bonus-details', activateModalOf(bonus, all), bonus.id)}>
              {t('bonuses.card.activate')}
            </Button>
          )}
          <Button variant="secondary" onClick={() => modal.replace('bonus-details', cancelModalOf(bonus), bonus.id)}>
            {t('bonuses.card.cancel')}
          </Button>
        </div>
      )}
    </ModalFrame>
  );
}
