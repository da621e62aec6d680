import { Suspense, lazy } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { retryRestore, useSession } from '@/features/auth';
import { HeaderCashback } from '@/features/bonuses';
import { HeaderLoyalty } from '@/features/loyalty';
import { HeaderBalance } from '@/features/wallet';
import { NotificationsBell } from '@/features/notifications';
import { useModal } from '@/shared/modals/use-modal.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Icon } from '@/shared/ui/icon.tsx';

// Players only (with the quests entry and its texts), so a guest's first JS does without it.
const UserMenu = lazy(() => import('./user-menu.tsx').then((m) => ({ default: m.UserMenu })));

/** Right end of the header: sign-in/sign-up for guests; balance, wallet and account menu for players. */
export function HeaderAccount() {
  const { t } = useTranslation();
  const status = useSession((s) => s.status);
  const { open } = useModal();

  if (status === 'offline') {
    return (
      <div className="flex items-center gap-2" role="alert">
        <span className="hidden text-sm text-muted sm:inline">{t('account.offline')}</span>
        <Button variant="secondary" size="sm" onClick={() => void retryRestore()}>
          {t('account.retry')}
        </Button>
      </div>
    );
  }
  if (status === 'unknown') {
    // Holds the space while the session is restored, so the header does not jump.
    return <div className="h-10 w-40 animate-pulse rounded-xl bg-raised" aria-hidden="true" />;
  }
  if (status === 'guest') {
    return (
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="sm" onClick={() => open('sign-in')}>
          {t('account.signIn')}
        </Button>
        <Button size="sm" onClick={() => open('sign-up')}>
          {t('account.signUp')}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <Suspense fallback={null}>
        <HeaderLoyalty />
      </Suspense>
      <Suspense fallback={null}>
        <HeaderBalance extra={HeaderCashback} />
      </Suspense>
      {/* The wrapper hides it on phones: the button's own inline-flex would win over a `hidden` class. */}
      <span className="hidden sm:inline-flex">
        <Button size="sm" onClick={() => open('wallet', 'deposit')}>
          <Icon name="wallet" className="size-4" />
          {t('account.deposit')}
        </Button>
      </span>
      <Suspense fallback={<span className="size-10" aria-hidden="true" />}>
        <NotificationsBell />
      </Suspense>
      <Suspense fallback={<span className="size-10" aria-hidden="true" />}>
        <UserMenu />
      </Suspense>
    </div>
  );
}
