import type { AdminPlayerSessions } from '@casino/contracts';
import { Box, Typography } from '@mui/material';
import { PartTable, usePlayerPart, when } from './kit.tsx';
import { EndSessions } from './actions.tsx';

/** The player's latest sessions (where from, on what, how each ended) and the browsers they used. */
export function Sessions() {
  const [part, load] = usePlayerPart<AdminPlayerSessions>('sessions');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <EndSessions onDone={load} open={part?.sessions.filter((s) => !s.closedAt).length ?? 0} />
      </Box>
      <Typography component="h3" variant="h6">
        Sessions
      </Typography>
      <PartTable
        label="Sessions"
        rows={part?.sessions}
        rowKey={(s) => s.id}
        empty="No sessions yet."
        columns={[
          { label: 'Started', cell: (s) => when(s.createdAt) },
          { label: 'Last active', cell: (s) => when(s.refreshedAt) },
          { label: 'Address', cell: (s) => [s.ip, s.country].filter(Boolean).join(' · ') || '—' },
          { label: 'Device', cell: (s) => s.deviceType ?? '—' },
          { label: 'Browser', cell: (s) => s.userAgent ?? '—' },
          { label: 'Ended', cell: (s) => (s.closedAt ? `${when(s.closedAt)} (${s.closeReason ?? 'ended'})` : 'open') },
        ]}
      />
      <Typography component="h3" variant="h6">
        Devices
      </Typography>
      <PartTable
        label="Devices"
        rows={part?.devices}
        rowKey={(d, i) => `${d.createdAt}-${i}`}
        empty="No remembered browsers."
        columns={[
          { label: 'Browser', cell: (d) => d.client ?? '—' },
          { label: 'First seen', cell: (d) => when(d.createdAt) },
          { label: 'Last seen', cell: (d) => when(d.lastSeenAt) },
          { label: 'Trusted', cell: (d) => (d.trusted ? 'yes' : 'no') },
        ]}
      />
    </Box>
  );
}
