import { adminPlayerMessagesSchema } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { playerPartRoute } from '../../lib/admin-route.ts';
import { latestMessages, supportHistory } from './service.ts';

/** How many of the player's latest notifications the page shows. */
const NOTIFICATIONS = 50;

/** What the player was told (notifications) and said (the support chat): the player's page, Message read. */
export const notificationAdminRoutes = (ctx: AppContext) => [
  playerPartRoute({
    part: 'messages',
    summary: "A player's latest notifications and support chat",
    permission: { action: 'read', subject: 'Message' },
    response: adminPlayerMessagesSchema,
    empty: { notifications: [], chat: [] },
    async read(playerId) {
      const [notifications, chat] = await Promise.all([
        latestMessages(ctx.db, playerId, NOTIFICATIONS),
        supportHistory(ctx.db, playerId),
      ]);
      return { notifications, chat };
    },
  }),
];
