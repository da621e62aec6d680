import { Suspense, useState } from 'react';
import { PlayerStatus } from '@casino/contracts';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { logout, useSession } from '@/features/auth';
import { exclusionEnd } from '@/features/auth/page.ts';
import { NotificationsPanel } from '@/features/notifications/page.ts';
import { activeAccount, TransactionsPanel, useAccounts, type InvoiceFilters } from '@/features/wallet';
import { useMoney } from '@/shared/lib/use-money.ts';
import { WithdrawForm } from '@/features/wallet/page.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Logo } from '@/shared/ui/logo.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';

/**
 * All a withdraw-only session shows — an excluded player's, or a closed account's that money reached
 * after it was closed: why (until when the exclusion runs, or that the account is closed), the
 * withdrawal form of the real-money balance, the payments and the messages. No games, no deposit, no
 * bonus, no menu.
 */
export default function WithdrawOnlyPage() {
  const { t, i18n } = useTranslation();
  const closed = useSession((s) => s.profile?.status === PlayerStatus.closed);
  const [filters, setFilters] = useState<InvoiceFilters>({ page: 1 });
  const accounts = useAccounts();
  const money = useMoney();
  const account = activeAccount(accounts.data) ?? accounts.data?.[0];
  const until = exclusionEnd();
  const date = until
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(until))
    : null;
  return (
    <div className="min-h-dvh bg-bg text-fg">
      <header className="flex items-center justify-between gap-3 border-b border-line px-4 py-3 sm:px-8">
        <Logo />
        <Button variant="secondary" size="sm" onClick={() => void logout()}>
          {t('auth.withdrawOnly.signOut')}
        </Button>
      </header>
      <main id="main" className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-8">
        <section aria-labelledby="withdraw-only-title" className="rounded-3xl border border-warn/40 bg-warn/10 p-6">
          <h1 id="withdraw-only-title" className="text-xl font-semibold sm:text-2xl">
            {closed
              ? t('auth.withdrawOnly.closedTitle')
              : date
                ? t('auth.withdrawOnly.titleUntil', { date })
                : t('auth.withdrawOnly.titleForGood')}
          </h1>
          <p className="mt-2 text-sm text-muted">
            {closed ? t('auth.withdrawOnly.closedText') : t('auth.withdrawOnly.text')}
          </p>
        </section>
        <section aria-labelledby="withdraw-only-balance" className="rounded-3xl border border-line bg-surface p-6">
          <h2 id="withdraw-only-balance" className="text-lg font-semibold">
            {t('auth.withdrawOnly.withdraw')}
          </h2>
          {accounts.isPending ? (
            <Spinner label={t('auth.withdrawOnly.withdraw')} />
          ) : account ? (
            <>
              <p className="mt-1 text-sm text-muted">
                {t('auth.withdrawOnly.balance', { amount: money(account.realBalance, account.currency) })}
              </p>
              <div className="mt-4">
                <WithdrawForm account={account} onShowTransactions={() => {}} />
              </div>
            </>
          ) : (
            <p className="mt-1 text-sm text-muted">{t('auth.withdrawOnly.noAccount')}</p>
          )}
        </section>
        <section aria-labelledby="withdraw-only-history" className="rounded-3xl border border-line bg-surface p-6">
          <h2 id="withdraw-only-history" className="mb-4 text-lg font-semibold">
            {t('auth.withdrawOnly.history')}
          </h2>
          <Suspense fallback={<Spinner label={t('auth.withdrawOnly.history')} />}>
            <TransactionsPanel filters={filters} onFilters={setFilters} />
          </Suspense>
        </section>
        <section aria-labelledby="withdraw-only-messages" className="rounded-3xl border border-line bg-surface p-6">
          <h2 id="withdraw-only-messages" className="mb-4 text-lg font-semibold">
            {t('auth.withdrawOnly.messages')}
          </h2>
          <NotificationsPanel />
        </section>
      </main>
    </div>
  );
}
