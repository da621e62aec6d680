import { useMutation, useQuery } from '@tanstack/react-query';
import { QuestState, type Game, type PlayerQuest, type QuestTaskPush } from '@casino/contracts';
import { api, apiPage } from '@/shared/lib/http.ts';
import { queryClient } from '@/shared/lib/query-client.ts';

/** Every quest list lives under this key: a push or an action refreshes them all. */
export const questsQueryKey = ['retention', 'quests'] as const;
const playerQuestsKey = [...questsQueryKey, 'player'] as const;

export const QUEST_TABS = {
  active: [QuestState.inProgress],
  completed: [QuestState.completed, QuestState.rewarded],
  expired: [QuestState.canceled, QuestState.expired],
} as const;
export type QuestTab = keyof typeof QUEST_TABS | 'available';

/** The player's quests in these states (every state when none are named), newest change first. */
export const usePlayerQuests = (states: readonly number[] = [], enabled = true) =>
  useQuery({
    queryKey: [...playerQuestsKey, states.join(',') || 'all'],
    enabled,
    queryFn: async ({ signal }) =>
      (
        await apiPage<PlayerQuest>('/api/retention/player-quests', {
          query: { state: states, page: 1, perPage: 50 },
          signal,
        })
      ).data,
  });

/** Quests on offer the player has not started, five a page (the spec's page size). */
export const useAvailableQuests = (page = 1, enabled = true) =>
  useQuery({
    queryKey: [...questsQueryKey, 'available', page],
    enabled,
    queryFn: ({ signal }) => apiPage<PlayerQuest>('/api/retention/quests', { query: { page, perPage: 5 }, signal }),
  });

/** A quest of the player's lists (any state) or of the available ones, by its id or its definition's id. */
export function useQuest(id: string) {
  const mine = usePlayerQuests();
  const available = useAvailableQuests(1, mine.isSuccess && !mine.data.some((q) => q.id === id));
  const quest =
    mine.data?.find((q) => q.id === id) ??
    available.data?.data.find((q) => q.id === id || q.questId === id) ??
    mine.data?.find((q) => q.questId === id);
  const loading = mine.isPending || (!quest && available.isFetching);
  return { quest, loading, failed: mine.isError };
}

export const refreshQuests = () => queryClient.invalidateQueries({ queryKey: questsQueryKey });

export const useActivateQuest = (onStarted?: () => void) =>
  useMutation({
    mutationFn: (questId: string) =>
      api<PlayerQuest>('PUT', `/api/retention/quests/${encodeURIComponent(questId)}/activate`),
    onSuccess: () => onStarted?.(),
    onSettled: () => void refreshQuests(),
  });

export const useCancelQuest = () =>
  useMutation({
    mutationFn: (id: string) =>
      api<PlayerQuest>('PUT', `/api/retention/player-quests/${encodeURIComponent(id)}/cancel`),
    onSettled: () => void refreshQuests(),
  });

/** The games a task counts (`GET /api/game/games?gameId[]=…`). */
export const useQuestGames = (gameIds: readonly string[]) =>
  useQuery({
    queryKey: ['game', 'games', 'ids', gameIds.join(',')],
    enabled: gameIds.length > 0,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) =>
      (await apiPage<Game>('/api/game/games', { query: { gameId: gameIds.slice(0, 100), perPage: 100 }, signal })).data,
  });

/** A task's push: its progress is patched into every cached list that holds its quest. Answers the quest. */
export function patchTask(task: QuestTaskPush): PlayerQuest | undefined {
  let found: PlayerQuest | undefined;
  queryClient.setQueriesData<PlayerQuest[]>({ queryKey: playerQuestsKey }, (quests) =>
    quests?.map((quest) => {
      if (quest.id !== task.questId) return quest;
      found = {
        ...quest,
        tasks: quest.tasks.map((t) =>
          t.id === task.id
            ? { ...t, isActive: task.isActive, isCompleted: task.isCompleted, progress: task.progress }
            : t,
        ),
      };
      return found;
    }),
  );
  return found;
}
