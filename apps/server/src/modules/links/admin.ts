import { z } from 'zod';
import { adminLinkSchema } from '@casino/contracts';
import type { AppContext } from '../../context.ts';
import { playerPartRoute } from '../../lib/admin-route.ts';
import { playerContacts } from '../player/index.ts';
import { linkedPlayers } from './service.ts';

/** The accounts linked to a player's, each with why (Player read): the player's page's "Linked accounts". */
export const linksAdminRoutes = (ctx: AppContext) => [
  playerPartRoute({
    part: 'links',
    summary: "Accounts linked to the player's: a shared browser, card, IBAN, crypto address or identity",
    permission: { action: 'read', subject: 'Player' },
    response: z.array(adminLinkSchema),
    empty: [],
    async read(playerId) {
      const links = await linkedPlayers(ctx.db, playerId);
      const contacts = await playerContacts(
        ctx.db,
        links.map((l) => l.playerId),
      );
      return links.map((l) => ({ ...l, player: contacts.get(l.playerId) ?? l.playerId }));
    },
  }),
];
