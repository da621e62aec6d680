import type { AdminPlayerMessages, AdminPlayerPlay } from '@casino/contracts';
import { Box, Typography } from '@mui/material';
import { PartTable, usePlayerPart, when } from './kit.tsx';

const BET_STATUS: Record<number, string> = { 1: 'open', 2: 'won', 3: 'lost', 4: 'void', 5: 'cashed out' };
const money = (amount: number, currency: string) => `${amount} ${currency}`;

/** The player's latest casino rounds and sports tickets. */
export function Play() {
  const [play] = usePlayerPart<AdminPlayerPlay>('play');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography component="h3" variant="h6">
        Casino rounds
      </Typography>
      <PartTable
        label="Casino rounds"
        rows={play?.rounds}
        rowKey={(r) => r.id}
        empty="No casino rounds."
        columns={[
          { label: 'When', cell: (r) => when(r.createdAt) },
          { label: 'Game', cell: (r) => r.game },
          { label: 'Stake', cell: (r) => money(r.amount, r.currency), align: 'right' },
          { label: 'Win', cell: (r) => money(r.payout, r.currency), align: 'right' },
        ]}
      />
      <Typography component="h3" variant="h6">
        Sports tickets
      </Typography>
      <PartTable
        label="Sports tickets"
        rows={play?.tickets}
        rowKey={(t) => t.id}
        empty="No sports tickets."
        columns={[
          { label: 'When', cell: (t) => when(t.createdAt) },
          {
            label: 'Selections',
            cell: (t) => t.items.map((i) => `${i.event}: ${i.outcome} @ ${i.coefficient}`).join('; '),
          },
          { label: 'Stake', cell: (t) => money(t.amount, t.currency), align: 'right' },
          { label: 'Odds', cell: (t) => t.coefficient, align: 'right' },
          { label: 'Payout', cell: (t) => money(t.payout, t.currency), align: 'right' },
          { label: 'Status', cell: (t) => BET_STATUS[t.status] ?? t.status },
        ]}
      />
    </Box>
  );
}

/** What the player was told (notifications) and the support chat. */
export function Messages() {
  const [messages] = usePlayerPart<AdminPlayerMessages>('messages');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography component="h3" variant="h6">
        Notifications
      </Typography>
      <PartTable
        label="Notifications"
        rows={messages?.notifications}
        rowKey={(m) => m.id}
        empty="No notifications."
        columns={[
          { label: 'When', cell: (m) => when(m.createdAt) },
          { label: 'Title', cell: (m) => m.content.title },
          { label: 'Message', cell: (m) => m.content.body },
          { label: 'From', cell: (m) => m.topic },
          { label: 'Read', cell: (m) => (m.readAt ? when(m.readAt) : 'unread') },
        ]}
      />
      <Typography component="h3" variant="h6">
        Support chat
      </Typography>
      <PartTable
        label="Support chat"
        rows={messages?.chat}
        rowKey={(m) => m.id}
        empty="No chat."
        columns={[
          { label: 'When', cell: (m) => when(m.createdAt) },
          { label: 'Who', cell: (m) => (m.author === 'player' ? 'Player' : 'Support') },
          { label: 'Text', cell: (m) => m.text },
        ]}
      />
    </Box>
  );
}
