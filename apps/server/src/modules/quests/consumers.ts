import { Channel, PushEvent, toMajor } from '@casino/contracts';
import type { OutboxConsumers } from '../../outbox/index.ts';
import type { BonusRules } from '../bonus/index.ts';
import { subunitOf } from '../settings/index.ts';
import { countBets, countDeposit, recheckState } from './counting.ts';
import { playerQuestById } from './views.ts';

/**
 * The `quests` lane: progress from domain events, each counted once per task (quest_task_events), in
 * the lane's transaction. Settled rounds come a run at a time: one query finds the open bet and win
 * tasks of the run's players, and nothing more happens when there are none. Pushes on
 * `retention:quests#<player>` are derived from the quest events.
 */
export function registerQuestConsumers(consumers: OutboxConsumers, rules: BonusRules): () => void {
  const stopLane = consumers.register({
    name: 'quests',
    startFrom: 'now',
    handlers: {
      'player.email.confirmed': ({ payload }, tx) => recheckState(tx, rules, payload.playerId, [1]),
      'player.phone.confirmed': ({ payload }, tx) => recheckState(tx, rules, payload.playerId, [5]),
      'player.profile.updated': ({ payload }, tx) => recheckState(tx, rules, payload.playerId, [2], payload.fields),
      'payment.deposit.updated': ({ payload }, tx) => countDeposit(tx, rules, payload),
    },
    batches: { 'game.bet.settled': (rows, tx) => countBets(tx, rules, rows) },
  });
  const stopQuestPush = consumers.registerPublisher('quest.updated', async ({ payload }, tx) => {
    const quest = await playerQuestById(tx, payload.playerQuestId);
    if (!quest) return [];
    // The state the event told (a later one has its own event).
    return [
      {
        channel: Channel.quests(payload.playerId),
        payload: { event: PushEvent.questUpdated, quest: { ...quest, state: payload.state } },
      },
    ];
  });
  const stopTaskPush = consumers.registerPublisher('quest.task.updated', ({ payload }) => {
    const { task } = payload;
    const wire = (value: string) =>
      task.unit === 'amount' ? toMajor(BigInt(value), subunitOf(task.currency)) : Number(value);
    return [
      {
        channel: Channel.quests(payload.playerId),
        payload: {
          event: PushEvent.questTaskUpdated,
          task: {
            id: task.id,
            questId: task.questId,
            isActive: task.isActive,
            isCompleted: task.isCompleted,
            progress: wire(task.progress),
            quantity: wire(task.quantity),
            type: task.type,
            name: task.name,
            playerId: payload.playerId,
            createdAt: task.createdAt,
            updatedAt: task.updatedAt,
          },
        },
      },
    ];
  });
  return () => {
    stopLane();
    stopQuestPush();
    stopTaskPush();
  };
}
