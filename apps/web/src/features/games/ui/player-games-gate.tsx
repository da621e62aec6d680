import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { useSession } from '@/features/auth';
import { useModal } from '@/shared/modals/use-modal.ts';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Icon, type IconName } from '@/shared/ui/icon.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';

type PlayerGamesGateProps = {
  title: string;
  icon: IconName;
  guestText: string;
  /** A line under the title saying what the page is for. */
  intro?: string;
  /** More for a guest under the sign-in buttons (the bonuses page: the way to the promotions). */
  guestExtra?: ReactNode;
  children: ReactNode;
};

/**
 * The frame of a player's own game list (favourites, recently played). The list is per player, so a
 * guest sees what the page is for and the way to an account, rather than being bounced home: the
 * address stays shareable and the page makes sense after signing in right here.
 */
export function PlayerGamesGate({ title, icon, guestText, intro, guestExtra, children }: PlayerGamesGateProps) {
  const { t } = useTranslation();
  const status = useSession((s) => s.status);
  const { open } = useModal();
  usePageTitle(title);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">{title}</h1>
        {intro && <p className="mt-2 max-w-2xl text-muted">{intro}</p>}
      </div>
      {status === 'unknown' && (
        <div className="grid min-h-60 place-items-center">
          <Spinner label={t('common.loading')} className="size-7 text-accent" />
        </div>
      )}
      {status === 'guest' && (
        <div className="flex flex-col items-start gap-4 rounded-3xl border border-line bg-surface p-6 sm:p-8">
          <span className="grid size-12 place-items-center rounded-2xl bg-accent/12 text-accent">
            <Icon name={icon} className="size-6" />
          </span>
          <p className="max-w-lg text-fg">{guestText}</p>
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => open('sign-in')}>{t('account.signIn')}</Button>
            <Button variant="secondary" onClick={() => open('sign-up')}>
              {t('account.signUp')}
            </Button>
          </div>
          {guestExtra}
        </div>
      )}
      {status === 'player' && children}
    </div>
  );
}

/** An empty list's message with a way into the catalogue. */
export function EmptyGames({ icon, text, action }: { icon: IconName; text: string; action: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-3xl border border-dashed border-line p-10 text-center">
      <span className="grid size-12 place-items-center rounded-2xl bg-raised text-muted">
        <Icon name={icon} className="size-6" />
      </span>
      <p className="max-w-md text-muted">{text}</p>
      {action}
    </div>
  );
}
