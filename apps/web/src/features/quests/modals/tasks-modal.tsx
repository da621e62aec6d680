import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { PlayerQuest, QuestTask } from '@casino/contracts';
import { ModalFrame, useModal, type ModalProps } from '@/shared/modals/index.ts';
import { cn } from '@/shared/lib/cn.ts';
import { Button } from '@/shared/ui/button.tsx';
import { useQuest } from '../api.ts';
import { Loading, ProgressBar, useTaskAmount } from '../quest-parts.tsx';
import '../i18n/index.ts';

/** `?quest-tasks=<quest id>`: the quest's tasks with their progress; game tasks link their eligible games. */
export default function QuestTasksModal({ value }: ModalProps) {
  const { t } = useTranslation();
  const { quest, loading } = useQuest(value);
  if (loading)
    return (
      <ModalFrame title={t('quests.hub.tasks')}>
        <Loading label={t('quests.hub.loading')} />
      </ModalFrame>
    );
  if (!quest)
    return (
      <ModalFrame title={t('quests.hub.tasks')}>
        <p className="text-sm text-muted">{t('quests.tasks.notFound')}</p>
      </ModalFrame>
    );
  return (
    <ModalFrame
      title={t('quests.tasks.title', { name: quest.name })}
      description={quest.taskExecutionOrder === 1 ? t('quests.tasks.inOrder') : undefined}
    >
      <ol className="flex flex-col gap-3">
        {quest.tasks.map((task) => (
          <li key={task.id}>
            <TaskRow task={task} quest={quest} />
          </li>
        ))}
      </ol>
    </ModalFrame>
  );
}

function TaskRow({ task, quest }: { task: QuestTask; quest: PlayerQuest }) {
  const { t } = useTranslation();
  const modal = useModal();
  const amount = useTaskAmount();
  const locked = !task.isActive && !task.isCompleted && quest.taskExecutionOrder === 1 && quest.state !== 1;
  const gameTask = task.type === 3 || task.type === 4;
  return (
    <div
      className={cn(
        'rounded-2xl border p-3',
        task.isCompleted ? 'border-success/40 bg-success/5' : 'border-line bg-surface',
        locked && 'opacity-60',
      )}
      data-testid="quest-task"
      aria-label={task.name}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-fg">{task.name}</p>
          {task.description ? (
            <p className="text-xs text-muted">{task.description}</p>
          ) : t(`quests.taskType.${task.type}`) !== task.name ? (
            <p className="text-xs text-muted">{t(`quests.taskType.${task.type}`)}</p>
          ) : null}
          {/* Activity tasks count from the quest's start: said, so a deposit made before does not seem lost. */}
          {!task.isCompleted && (task.type === 3 || task.type === 4 || task.type === 6) && (
            <p className="text-xs text-muted">{t(`quests.tasks.fromStart.${task.type}`)}</p>
          )}
          {task.conditions.fields?.length ? (
            <p className="text-xs text-muted">
              {t('quests.tasks.fields', {
                fields: task.conditions.fields.map((f) => t(`quests.field.${f}`, { defaultValue: f })).join(', '),
              })}
            </p>
          ) : null}
        </div>
        {task.isCompleted ? (
          <span className="shrink-0 rounded-full bg-success/12 px-2.5 py-1 text-xs font-semibold text-success">
            ✓ {t('quests.tasks.done')}
          </span>
        ) : (
          <span className="shrink-0 text-xs font-medium text-fg" data-testid="quest-task-progress">
            {t('quests.tasks.progress', {
              progress: amount(task, task.progress, quest.currency),
              quantity: amount(task, task.quantity, quest.currency),
            })}
          </span>
        )}
      </div>
      <div className="mt-2">
        <ProgressBar value={task.progress} max={task.quantity} label={task.name} />
      </div>
      {locked && <p className="mt-2 text-xs text-muted">{t('quests.tasks.locked')}</p>}
      {gameTask && task.conditions.games && task.conditions.games.length > 0 && (
        <Button
          size="sm"
          variant="ghost"
          className="mt-2 -ml-3"
          onClick={() => modal.open('quest-task-games', `${quest.id}:${task.id}`)}
        >
          {t('quests.tasks.games')}
        </Button>
      )}
    </div>
  );
}
