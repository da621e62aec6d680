import { z } from 'zod';
import {
  Channel,
  PushEvent,
  playerQuestSchema,
  questTaskPushSchema,
  QuestState,
  type PlayerInit,
  type PlayerQuest,
} from '@casino/contracts';
import { i18n } from '@/shared/i18n';
import { playerInitQuery } from '@/shared/lib/player-init.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { subscribeChannel } from '@/shared/lib/socket.ts';
import { toast } from '@/shared/ui/toast.ts';
import { patchTask, refreshQuests } from './api.ts';
import './i18n/index.ts';

const questPush = z.object({ event: z.literal(PushEvent.questUpdated), quest: playerQuestSchema });
const taskPush = z.object({ event: z.literal(PushEvent.questTaskUpdated), task: questTaskPushSchema });

/** A quest's state changed: a toast (not for 3, completed: 4, rewarded, follows at once), and the lists reload. */
export function announceQuest(quest: Pick<PlayerQuest, 'name' | 'state'>): void {
  if (quest.state === QuestState.completed) return;
  toast({
    type: quest.state === QuestState.rewarded ? 'success' : quest.state >= QuestState.canceled ? 'warn' : 'default',
    title: i18n.t('quests.toast.state', { name: quest.name, status: i18n.t(`quests.state.${quest.state}`) }),
  });
}

/**
 * `retention:quests#<playerId>` (when quests are on): `quest.updated` toasts a state change and reloads
 * the lists; `quest.task.updated` patches the task's progress in place, and toasts a task completed.
 */
export async function subscribeQuests(playerId: string): Promise<() => void> {
  // The site's flags are known by now (the root route loads them); quests off: nothing to follow.
  if (queryClient.getQueryData<PlayerInit>(playerInitQuery.queryKey)?.features.quests === false) return () => {};
  let subscribedBefore = false;
  return subscribeChannel(Channel.quests(playerId), {
    onPublication(data) {
      const quest = questPush.safeParse(data);
      if (quest.success) {
        announceQuest(quest.data.quest);
        void refreshQuests();
        return;
      }
      const task = taskPush.safeParse(data);
      if (!task.success) return;
      const { task: t } = task.data;
      const owner = patchTask(t);
      if (t.isActive && t.progress === t.quantity)
        toast({
          type: 'success',
          title: i18n.t('quests.toast.taskCompleted', { taskName: t.name, questName: owner?.name ?? '' }),
        });
      if (!owner) void refreshQuests();
    },
    onSubscribed(ctx) {
      if (subscribedBefore && !ctx.recovered) void refreshQuests();
      subscribedBefore = true;
    },
  });
}
