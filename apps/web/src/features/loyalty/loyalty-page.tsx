import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { LoyaltyAccount, LoyaltyLevel } from '@casino/contracts';
import { useSession } from '@/features/auth';
import { cn } from '@/shared/lib/cn.ts';
import { usePageTitle } from '@/shared/lib/use-page-title.ts';
import { useModal } from '@/shared/modals/use-modal.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Icon } from '@/shared/ui/icon.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { levelProgress, useLoyaltyAccount, useLoyaltyLevels } from './api.ts';
import { LevelAvatar, LevelProgress } from './progress.tsx';
import { usePoints } from './use-points.ts';
import './i18n/index.ts';

type LevelState = 'current' | 'reached' | 'next' | 'locked';

/**
 * `/loyalty`: the levels in order and, for a player, the level reached and the progress toward the
 * next (points above the current level ÷ points between the two). Guests see the levels and the way in.
 */
export function LoyaltyPage() {
  const { t } = useTranslation();
  const status = useSession((s) => s.status);
  const player = status === 'player';
  const levels = useLoyaltyLevels();
  const account = useLoyaltyAccount(player);
  const modal = useModal();
  const title = t('pages.loyalty.title');
  usePageTitle(title);

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">{title}</h1>
          <p className="mt-2 max-w-2xl text-muted">{t('loyalty.intro')}</p>
        </div>
        <Button variant="secondary" onClick={() => modal.open('loyalty-earn')}>
          <Icon name="sparkles" className="size-4" />
          {t('loyalty.howToEarn')}
        </Button>
      </div>

      {player ? (
        account.data ? (
          <AccountCard account={account.data} />
        ) : account.isError ? (
          <Failed onRetry={() => void account.refetch()} />
        ) : (
          <Loading />
        )
      ) : (
        status === 'guest' && (
          <section className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-line bg-surface p-5">
            <p className="text-fg">{t('loyalty.guest')}</p>
            <Button onClick={() => modal.open('sign-up')}>{t('loyalty.signUp')}</Button>
          </section>
        )
      )}

      <section aria-labelledby="loyalty-levels" className="space-y-3">
        <h2 id="loyalty-levels" className="text-xl font-semibold text-fg">
          {t('loyalty.levels')}
        </h2>
        {levels.data ? (
          levels.data.length === 0 ? (
            <p className="text-muted">{t('loyalty.empty')}</p>
          ) : (
            <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
              {levels.data.map((level) => (
                <LevelCard key={level.id} level={level} state={stateOf(level, account.data)} />
              ))}
            </ol>
          )
        ) : levels.isError ? (
          <Failed onRetry={() => void levels.refetch()} />
        ) : (
          <Loading />
        )}
      </section>
    </div>
  );
}

function stateOf(level: LoyaltyLevel, account: LoyaltyAccount | undefined): LevelState | null {
  if (!account) return null;
  if (level.order === account.currentLevel.order) return 'current';
  if (level.order < account.currentLevel.order) return 'reached';
  if (account.nextLevel && level.order === account.nextLevel.order) return 'next';
  return 'locked';
}

function AccountCard({ account }: { account: LoyaltyAccount }) {
  const { t } = useTranslation();
  const points = usePoints();
  const next = account.nextLevel;
  return (
    <section
      aria-label={t('loyalty.yourLevel')}
      className="relative overflow-hidden rounded-3xl border border-line bg-surface p-5 sm:p-8"
      data-testid="loyalty-account"
    >
      <div
        className="pointer-events-none absolute inset-0"
        aria-hidden="true"
        style={{
          background:
            'radial-gradient(420px 240px at 100% 0%, color-mix(in srgb, var(--accent) 14%, transparent), transparent 70%)',
        }}
      />
      <div className="relative flex flex-wrap items-center gap-4">
        <LevelAvatar name={account.currentLevel.name} order={account.currentLevel.order} />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold uppercase tracking-wider text-muted">{t('loyalty.yourLevel')}</p>
          <p className="text-2xl font-bold text-fg" data-testid="loyalty-level-name">
            {account.currentLevel.name}
          </p>
        </div>
        <p className="text-lg font-semibold text-fg" data-testid="loyalty-points">
          {points(account.points)}
        </p>
      </div>
      <div className="relative mt-5 space-y-2">
        <LevelProgress account={account} />
        <p className="flex flex-wrap justify-between gap-2 text-sm text-muted">
          {next ? (
            <>
              <span>
                {t('loyalty.toNext', {
                  points: points(next.points - account.points),
                  name: next.name,
                })}
              </span>
              <span aria-hidden="true">{levelProgress(account)}%</span>
            </>
          ) : (
            <span>{t('loyalty.topLevel')}</span>
          )}
        </p>
      </div>
    </section>
  );
}

function LevelCard({ level, state }: { level: LoyaltyLevel; state: LevelState | null }) {
  const { t } = useTranslation();
  const points = usePoints();
  return (
    <li
      aria-current={state === 'current' ? 'step' : undefined}
      className={cn(
        // A row on phones and tablets; a column in the five-wide grid of wide screens.
        'flex items-center gap-3 rounded-2xl border bg-surface p-4 xl:flex-col xl:items-start',
        state === 'current' ? 'border-accent' : 'border-line',
        // Locked levels look apart by their border, not by fading (the text keeps its contrast).
        state === 'locked' && 'border-dashed',
      )}
    >
      <LevelAvatar name={level.name} order={level.order} size="sm" />
      <div className="min-w-0 flex-1 xl:flex-none">
        <p className="font-semibold text-fg">
          <span className="sr-only">{level.order}. </span>
          {level.name}
        </p>
        <p className="text-sm text-muted">{t('loyalty.from', { points: points(level.points) })}</p>
      </div>
      {state && (
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-semibold',
            state === 'current' || state === 'reached' ? 'bg-accent/15 text-accent' : 'bg-raised text-muted',
          )}
        >
          {state === 'locked' ? (
            <>
              <Icon name="lock" className="inline size-3" /> {t('loyalty.state.locked')}
            </>
          ) : (
            t(`loyalty.state.${state}`)
          )}
        </span>
      )}
    </li>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <output className="flex items-center gap-2 text-muted">
      <Spinner /> {t('loyalty.loading')}
    </output>
  );
}

function Failed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-3" role="alert">
      <p className="text-fg">{t('loyalty.loadFailed')}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('loyalty.retry')}
      </Button>
    </div>
  );
}
