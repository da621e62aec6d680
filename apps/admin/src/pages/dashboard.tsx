import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Authenticated, Title } from 'react-admin';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { STAFF_QUEUES, type AdminDashboardFigure } from '@casino/contracts';
import { api } from '../http.ts';
import { useQueueChanges } from '../live.ts';

/** Read again now and then too: a figure without a queue event (today's GGR) still moves. */
const REFRESH_MS = 60_000;

/** One figure, linking to the page that lists it. */
function Tile({ figure }: { figure: Pick<AdminDashboardFigure, 'label' | 'value' | 'to' | 'key'> }) {
  return (
    <Card sx={{ minWidth: 220 }}>
      <CardActionArea component={RouterLink} to={figure.to}>
        <CardContent>
          <Typography component="h2" variant="subtitle1" color="text.secondary">
            {figure.label}
          </Typography>
          <Typography variant="h4" component="p" data-figure={figure.key}>
            {figure.value ?? '—'}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The figures the role may read, read again when a queue changes (the staff channel) or a minute passes. */
function useFigures() {
  const [figures, setFigures] = useState<AdminDashboardFigure[] | null>(null);
  const [approvals, setApprovals] = useState<number | null>(null);
  const load = useCallback(() => {
    api<AdminDashboardFigure[]>('/dashboard').then(
      (answer) => setFigures(answer.data),
      () => setFigures([]),
    );
    api<unknown[]>('/approvals').then(
      (answer) => setApprovals(answer.data.length),
      () => setApprovals(null),
    );
  }, []);
  useEffect(() => {
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);
  useQueueChanges(STAFF_QUEUES, load);
  return { figures, approvals };
}

/** Today at a glance: what waits for staff, and today's money. Live: a new withdrawal appears at once. */
export function Dashboard() {
  const { figures, approvals } = useFigures();
  return (
    <Authenticated>
      <Box component="section" sx={{ mt: 2 }}>
        <Title title="Dashboard" />
        <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
          Today at a glance
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }} aria-live="polite">
          {figures?.map((figure) => (
            <Tile key={figure.key} figure={figure} />
          ))}
          <Tile
            figure={{ key: 'approvals', label: 'Waiting for a second approver', value: approvals, to: '/approvals' }}
          />
        </Box>
      </Box>
    </Authenticated>
  );
}
