import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { LoyaltyAccount } from '@casino/contracts';
import { cn } from '@/shared/lib/cn.ts';
import { levelProgress } from './api.ts';
import './i18n/index.ts';

/** The bar toward the next level (full at the top level), named for screen readers. */
export function LevelProgress({ account, className }: { account: LoyaltyAccount; className?: string }) {
  const { t } = useTranslation();
  const percent = levelProgress(account);
  const label = account.nextLevel
    ? t('loyalty.progressLabel', { name: account.nextLevel.name })
    : t('loyalty.topLevel');
  return (
    <progress
      value={percent}
      max={100}
      aria-label={label}
      aria-valuetext={`${percent}%`}
      className={cn(
        'block h-2 w-full appearance-none overflow-hidden rounded-full bg-raised [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-raised [&::-webkit-progress-value]:bg-accent',
        className,
      )}
    />
  );
}

/** A round badge with the level's initial: the player's loyalty "avatar". */
export function LevelAvatar({ name, order, size = 'md' }: { name: string; order: number; size?: 'sm' | 'md' }) {
  return (
    <span
      aria-hidden="true"
      data-level-order={order}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full border-2 border-accent bg-accent/15 font-bold text-accent',
        size === 'sm' ? 'size-8 text-sm' : 'size-14 text-xl',
      )}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
