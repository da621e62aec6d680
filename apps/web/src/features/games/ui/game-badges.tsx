import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { GameLabel } from '@casino/contracts';
import { cn } from '@/shared/lib/cn.ts';
import { knownLabel, type KnownLabel } from '../lib/labels.ts';

const tones: Record<KnownLabel, string> = {
  new: 'bg-sky-700 text-white',
  hot: 'bg-rose-600 text-white',
  exclusive: 'bg-violet-600 text-white',
  jackpot: 'bg-amber-400 text-amber-950',
  'bonus-buy': 'bg-emerald-400 text-emerald-950',
};

/** The game's labels as small badges over the artwork (at most three, to keep the art visible). */
export function GameBadges({ labels, className }: { labels: readonly GameLabel[]; className?: string }) {
  const { t } = useTranslation();
  if (labels.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap gap-1', className)} aria-label={t('games.card.labels')}>
      {labels.slice(0, 3).map((label) => {
        const known = knownLabel(label);
        return (
          <li
            key={label.id}
            className={cn(
              'whitespace-nowrap rounded-md px-1.5 py-[3px] text-[9px] font-bold uppercase leading-none tracking-wide shadow-sm sm:text-[10px]',
              known ? tones[known] : 'bg-surface/90 text-fg',
            )}
          >
            {known ? t(`games.labels.${known}`) : label.name}
          </li>
        );
      })}
    </ul>
  );
}
