import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { GameCard } from '@/features/games';
import { ModalFrame, type ModalProps } from '@/shared/modals/index.ts';
import { useQuest, useQuestGames } from '../api.ts';
import { Loading } from '../quest-parts.tsx';
import '../i18n/index.ts';

/** `?quest-task-games=<quest id>:<task id>`: the games a task counts. */
export default function QuestTaskGamesModal({ value }: ModalProps) {
  const { t } = useTranslation();
  const [questId = '', taskId = ''] = value.split(':');
  const { quest, loading } = useQuest(questId);
  const task = quest?.tasks.find((tk) => tk.id === taskId || tk.id === `${questId}:${taskId}`);
  const ids = task?.conditions.games ?? [];
  const games = useQuestGames(ids);
  return (
    <ModalFrame title={t('quests.games.title')} description={task?.name} size="lg">
      {loading || (ids.length > 0 && games.isPending) ? (
        <Loading label={t('quests.games.loading')} />
      ) : ids.length === 0 || !games.data?.length ? (
        <p className="text-sm text-muted">{t('quests.games.none')}</p>
      ) : (
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4">
          {games.data.map((game) => (
            <li key={game.id}>
              <GameCard game={game} />
            </li>
          ))}
        </ul>
      )}
    </ModalFrame>
  );
}
