import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { PlayerQuest, QuestTask } from '@casino/contracts';
import { useMoney } from '@/shared/lib/use-money.ts';
import { cn } from '@/shared/lib/cn.ts';
import { Spinner } from '@/shared/ui/spinner.tsx';
import './i18n/index.ts';

/** A task's progress as text: money for amount tasks, a count otherwise. */
export function useTaskAmount() {
  const money = useMoney();
  return (task: QuestTask, value: number, currency: string) =>
    task.unit === 'amount' ? money(value, currency) : String(value);
}

/** A progress bar with its accessible value. */
export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div className="w-full">
      <progress className="sr-only" aria-label={label} value={percent} max={100} />
      <div className="h-2 w-full overflow-hidden rounded-full bg-raised" aria-hidden="true">
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-500',
            percent >= 100 ? 'bg-success' : 'bg-accent',
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

export const doneTasks = (quest: PlayerQuest) => quest.tasks.filter((t) => t.isCompleted).length;

export function Loading({ label }: { label: string }) {
  return (
    <p className="flex items-center gap-2 py-6 text-sm text-muted" aria-live="polite">
      <Spinner /> {label}
    </p>
  );
}

/** The rewards of a quest in one line each. */
export function RewardLines({ quest }: { quest: PlayerQuest }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (quest.rewards.length === 0) return <p className="text-sm text-muted">{t('quests.rewards.none')}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {quest.rewards.map((reward, i) => (
        <li
          key={i}
          className="flex items-center gap-2 rounded-xl border border-line bg-raised/50 px-3 py-2 text-sm text-fg"
        >
          <span aria-hidden="true">{reward.type === 3 ? '★' : '🎁'}</span>
          {reward.type === 3
            ? t('quests.rewards.points', { count: reward.amount })
            : reward.type === 2
              ? t('quests.rewards.freespins', { count: reward.amount })
              : t('quests.rewards.bonus', { amount: money(reward.amount, reward.attributes.isoCode) })}
        </li>
      ))}
    </ul>
  );
}
