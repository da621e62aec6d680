import {
  BonusStatus,
  QuestState,
  type AdminPlayerBonuses,
  type LoyaltyAccount,
  type PlayerQuest,
} from '@casino/contracts';
import { Box, Typography } from '@mui/material';
import { PartTable, usePlayerPart, when } from './kit.tsx';

const nameOf = (values: Record<string, number>, value: number) =>
  Object.entries(values).find(([, v]) => v === value)?.[0] ?? String(value);

/** "2 / 10 tasks" */
const progressOf = (quest: PlayerQuest) => {
  const done = quest.tasks.filter((t) => t.isCompleted).length;
  return `${done} / ${quest.tasks.length} tasks`;
};

/** The player's bonuses and free spins, quests and loyalty level: what the player's own pages show. */
export function Promotions() {
  const [bonuses] = usePlayerPart<AdminPlayerBonuses>('bonuses');
  const [quests] = usePlayerPart<PlayerQuest[]>('quests');
  const [loyalty] = usePlayerPart<LoyaltyAccount>('loyalty');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>
        Loyalty:{' '}
        {loyalty
          ? `${loyalty.currentLevel.name}, ${loyalty.points} points${loyalty.nextLevel ? ` (next: ${loyalty.nextLevel.name} at ${loyalty.nextLevel.points})` : ''}`
          : 'no points yet'}
      </Typography>
      <Typography component="h3" variant="h6">
        Bonuses
      </Typography>
      <PartTable
        label="Bonuses"
        rows={bonuses?.bonuses}
        rowKey={(b) => b.id}
        empty="No bonuses."
        columns={[
          { label: 'Given', cell: (b) => when(b.createdAt) },
          { label: 'Bonus', cell: (b) => b.name },
          { label: 'Amount', cell: (b) => `${b.amount} ${b.currency}`, align: 'right' },
          { label: 'State', cell: (b) => nameOf(BonusStatus, b.status) },
          { label: 'Wagered', cell: (b) => `${Math.floor(b.currentWagerPercentage)} %`, align: 'right' },
          { label: 'Expires', cell: (b) => when(b.wageringExpiredAt ?? b.activationExpiredAt) },
        ]}
      />
      <Typography component="h3" variant="h6">
        Free spins
      </Typography>
      <PartTable
        label="Free spins"
        rows={bonuses?.freespins}
        rowKey={(f) => f.id}
        empty="No free spins."
        columns={[
          { label: 'Given', cell: (f) => when(f.issuedAt) },
          { label: 'Offer', cell: (f) => f.name },
          { label: 'Spins used', cell: (f) => `${f.usedCount} / ${f.count}`, align: 'right' },
          { label: 'Won', cell: (f) => `${f.winAmount} ${f.currency}`, align: 'right' },
          { label: 'State', cell: (f) => nameOf(BonusStatus, f.status) },
        ]}
      />
      <Typography component="h3" variant="h6">
        Quests
      </Typography>
      <PartTable
        label="Quests"
        rows={quests}
        rowKey={(q) => q.id}
        empty="No quests."
        columns={[
          { label: 'Quest', cell: (q) => q.name },
          { label: 'State', cell: (q) => nameOf(QuestState, q.state) },
          { label: 'Progress', cell: progressOf },
          { label: 'Ends', cell: (q) => when(q.endAt) },
        ]}
      />
    </Box>
  );
}
