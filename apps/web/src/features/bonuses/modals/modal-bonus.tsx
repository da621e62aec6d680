import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { TFunction } from '@/shared/i18n/translator.ts';
import { useAccounts } from '@/features/wallet';
import { LocaleLink } from '@/shared/i18n';
import { cn } from '@/shared/lib/cn.ts';
import { isApiError } from '@/shared/lib/http.ts';
import { ModalFrame } from '@/shared/modals/index.ts';
import { buttonClass } from '@/shared/ui/button.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { useOpenBonuses } from '../api.ts';
import { activeBeside, isOpenBonus } from '../bonus-rules.ts';
import '../i18n/index.ts';

/**
 * The bonus a modal's value names, among the player's issued and active bonuses in every currency
 * (a link may outlive the active account), and the other bonus active in its currency.
 */
export function useModalBonus(id: string) {
  const open = useOpenBonuses();
  const bonus = open.data?.find((b) => b.id === id);
  return {
    loading: open.isPending,
    failed: open.isError,
    bonus: bonus && isOpenBonus(bonus) ? bonus : undefined,
    active: bonus && open.data ? activeBeside(bonus, open.data) : undefined,
    all: open.data ?? [],
  };
}

/**
 * The bonus money on the player's account in `currency`: what ending its active bonus forfeits
 * (pushes keep it current). Undefined while the accounts are unknown.
 */
export function useBonusMoneyIn(currency: string | undefined): number | undefined {
  const accounts = useAccounts();
  return accounts.data?.find((a) => a.currency === currency)?.bonusBalance;
}

/** While the bonus loads: the frame keeps the dialog named. */
export function BonusLoading({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <ModalFrame title={title} size="sm">
      <Spinner label={t('bonuses.modals.loading')} className="size-6 text-accent" />
    </ModalFrame>
  );
}

/** A link to a bonus that has ended, changed or never was: say so and lead to the list. */
export function BonusUnavailable({ failed = false }: { failed?: boolean }) {
  const { t } = useTranslation();
  return (
    <ModalFrame title={t('bonuses.modals.unavailable.title')} size="sm">
      <p className="text-sm text-muted">{t(failed ? 'bonuses.loadFailed' : 'bonuses.modals.unavailable.text')}</p>
      <LocaleLink to="/bonuses" className={cn(buttonClass('primary', 'md', true), 'mt-5')}>
        {t('bonuses.modals.unavailable.toList')}
      </LocaleLink>
    </ModalFrame>
  );
}

/** Why an activation or a cancellation was refused: gone (404), or the server's reason (409: ended, expired). */
export function actionError(error: unknown, t: TFunction): string {
  if (isApiError(error) && error.status === 404) return t('bonuses.errors.gone');
  if (isApiError(error) && error.status === 409 && error.message) return error.message;
  return t('bonuses.errors.generic');
}

/** The refusal, under the buttons that led to it. */
export function ActionError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p role="alert" className="mt-4 text-sm text-danger">
      {actionError(error, t)}
    </p>
  );
}
