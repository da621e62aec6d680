import { Channel, PushEvent, messengerMessageSchema } from '@casino/contracts';
import { z } from 'zod';
import { subscribeChannel } from '@/shared/lib/socket.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { toast } from '@/shared/ui/toast.ts';
import { limitsQueryKey } from '@/features/limits';
import { messengerQueryKey, unreadQueryKey } from './api.ts';

const pushSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal(PushEvent.messageCreated), message: messengerMessageSchema, totalUnread: z.number() }),
  z.object({ event: z.literal(PushEvent.unreadUpdated), totalUnread: z.number() }),
  z.object({ event: z.literal(PushEvent.limitsUpdated) }).loose(),
]);

/**
 * Payments and bonuses announce themselves (the invoices and bonuses channels), and what the player
 * just did on the limits page is told there; a change that took effect later (`limits.applied`) and
 * the rest are toasted.
 */
const toasted = (topic: string) =>
  topic !== 'payment' &&
  topic !== PushEvent.playerBonusUpdated &&
  (!topic.startsWith('limits.') || topic === 'limits.applied');

/**
 * `messenger:notifications#<playerId>`: a new message shows as a toast (payments have their own,
 * from the invoices channel) and in the header's count; a count change from another tab follows;
 * a limits change reloads the limits page.
 */
export function subscribeMessenger(playerId: string): Promise<() => void> {
  return subscribeChannel(Channel.notifications(playerId), {
    onPublication(data) {
      const push = pushSchema.safeParse(data);
      if (!push.success) return;
      if (push.data.event === PushEvent.limitsUpdated) {
        void queryClient.invalidateQueries({ queryKey: limitsQueryKey });
        return;
      }
      queryClient.setQueryData(unreadQueryKey, push.data.totalUnread);
      void queryClient.invalidateQueries({ queryKey: [...messengerQueryKey, 'list'] });
      if (push.data.event === PushEvent.messageCreated && toasted(push.data.message.topic)) {
        const { content, type } = push.data.message;
        toast({ type, title: content.title, description: content.body });
      }
    },
  });
}
