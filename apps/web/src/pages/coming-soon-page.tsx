import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { useSession } from '@/features/auth';
import { LocaleLink } from '@/shared/i18n';
import { useModal } from '@/shared/modals/use-modal.ts';
import { Button, buttonClass } from '@/shared/ui/button.tsx';
import { Icon } from '@/shared/ui/icon.tsx';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';

export type ComingSoonKey =
  | 'doom'
  | 'bonuses'
  | 'questions'
  | 'question'
  | 'bonusPage'
  | 'staticPage'
  | 'profileInfo'
  | 'profileLimits'
  | 'profileBonuses'
  | 'profileSecurity'
  | 'profileDocuments'
  | 'profileVerification'
  | 'profileNotifications';

/** The "this part is on its way" notice; says so plainly instead of showing invented content. */
export function ComingSoonNotice({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <div className="relative overflow-hidden rounded-3xl border border-line bg-surface p-8 sm:p-12">
      <div
        className="pointer-events-none absolute inset-0"
        aria-hidden="true"
        style={{
          background:
            'radial-gradient(420px 240px at 100% 0%, color-mix(in srgb, var(--accent) 14%, transparent), transparent 70%)',
        }}
      />
      <div className="relative max-w-xl">
        <span className="inline-flex items-center gap-2 rounded-full border border-accent/40 bg-accent/10 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-accent">
          <Icon name="sparkles" className="size-4" />
          {t('comingSoon.badge')}
        </span>
        <p className="mt-5 text-lg font-semibold text-fg">{message}</p>
        <p className="mt-2 text-muted">{t('comingSoon.body')}</p>
      </div>
    </div>
  );
}

/** A whole page for a capability that is not built yet, inside the real layout. */
export function ComingSoonPage({ page }: { page: ComingSoonKey }) {
  const { t } = useTranslation();
  const status = useSession((s) => s.status);
  const { open } = useModal();
  const title = t(`pages.${page}.title`);
  usePageTitle(title);
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">{title}</h1>
        <p className="mt-2 max-w-2xl text-muted">{t(`pages.${page}.description`)}</p>
      </div>
      <ComingSoonNotice message={t(`pages.${page}.soon`)} />
      <div className="flex flex-wrap gap-3">
        <LocaleLink to="/" className={buttonClass('secondary')}>
          {t('comingSoon.backHome')}
        </LocaleLink>
        {status === 'guest' && <Button onClick={() => open('sign-up')}>{t('account.signUp')}</Button>}
      </div>
    </div>
  );
}
