import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Authenticated, Title, useCanAccess } from 'react-admin';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { api, command } from '../http.ts';

/** One figure of the day, linking to its queue; shown to the roles that may read it. */
function Tile(props: { resource: string; label: string; load: () => Promise<number>; to: string }) {
  const { canAccess } = useCanAccess({ action: 'list', resource: props.resource });
  const [value, setValue] = useState<number | null>(null);
  const { load } = props;
  useEffect(() => {
    if (canAccess) load().then(setValue, () => setValue(null));
  }, [canAccess, load]);
  if (!canAccess) return null;
  return (
    <Card sx={{ minWidth: 220 }}>
      <CardActionArea component={RouterLink} to={props.to}>
        <CardContent>
          <Typography component="h2" variant="subtitle1" color="text.secondary">
            {props.label}
          </Typography>
          <Typography variant="h3" component="p">
            {value ?? '—'}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

const documents = async () => (await api<unknown[]>('/documents')).data.length;
const withdrawals = async () =>
  (await command<{ invoices: unknown[] }>('invoices', { action: 'withdrawals-list' })).data.invoices.length;
const approvals = async () => (await api<unknown[]>('/approvals')).data.length;

/** Today at a glance: what waits for staff. */
export function Dashboard() {
  return (
    <Authenticated>
      <Box component="section" sx={{ mt: 2 }}>
        <Title title="Dashboard" />
        <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
          Waiting for you
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Tile resource="documents" label="Documents to review" to="/documents" load={documents} />
          <Tile resource="withdrawals" label="Withdrawals to approve" to="/withdrawals" load={withdrawals} />
          <Tile resource="approvals" label="Waiting for a second approver" to="/approvals" load={approvals} />
        </Box>
      </Box>
    </Authenticated>
  );
}
