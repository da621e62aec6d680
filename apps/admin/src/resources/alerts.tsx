import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useRefresh,
  type RaRecord,
} from 'react-admin';
import {
  Box,
  Button,
  Chip,
  Link,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField as Field,
  Typography,
} from '@mui/material';
import { ALERT_KIND_NAMES, ALERT_KINDS, ALERT_STATUSES, type AlertKind } from '@casino/contracts';
import { api } from '../http.ts';
import { useNoticedRun } from './action-button.tsx';
import { ActionDialog } from './action-dialog.tsx';

const kindChoices = ALERT_KINDS.map((kind) => ({ id: kind, name: ALERT_KIND_NAMES[kind] }));
const statusChoices = ALERT_STATUSES.map((status) => ({ id: status, name: status }));

const filters = [
  <SelectInput key="status" source="status" label="Status" choices={statusChoices} alwaysOn emptyText="Any" />,
  <SelectInput key="kind" source="kind" label="Kind" choices={kindChoices} alwaysOn emptyText="Any" />,
  <TextInput key="playerId" source="playerId" label="Player id" />,
];

/** How long ago, in the largest whole unit: "5 min", "3 h", "2 d". */
function age(iso: string): string {
  const minutes = Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h`;
  return `${Math.floor(minutes / 1440)} d`;
}

const kindName = (record: RaRecord) => ALERT_KIND_NAMES[record.kind as AlertKind] ?? String(record.kind);

/** The player's page, from a row or the alert's page (a link inside a clickable row must not open the row). */
const PlayerLink = ({ record }: { record: RaRecord }) => (
  <Link component={RouterLink} to={`/players/${record.playerId}/show`} onClick={(e) => e.stopPropagation()}>
    {record.player}
  </Link>
);

/** Dark enough behind white text to read at AA (MUI's warning and info chips are not). */
const STATUS_SX: Record<string, object> = {
  open: { bgcolor: '#8a4b00', color: '#fff' },
  assigned: { bgcolor: '#174a8c', color: '#fff' },
};

const StatusChip = ({ record }: { record: RaRecord }) => (
  <Chip size="small" label={record.status} sx={STATUS_SX[String(record.status)] ?? {}} />
);

/** Responsible-gaming and anti-money-laundering alerts, newest first, filtered by status and kind. */
export const AlertList = () => (
  <List title="Alerts" filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <FunctionField label="Kind" render={kindName} />
      <FunctionField label="Player" render={(r: RaRecord) => <PlayerLink record={r} />} />
      <TextField source="summary" sortable={false} />
      <FunctionField label="Status" render={(r: RaRecord) => <StatusChip record={r} />} />
      <TextField source="assignee" emptyText="—" />
      <FunctionField
        label="Age"
        sortBy="createdAt"
        render={(r: RaRecord) => <time dateTime={r.createdAt}>{age(r.createdAt)}</time>}
      />
    </Datagrid>
  </List>
);

/** Assign to me, Add note, Close: shown to the roles that may work on alerts (the server refuses the rest). */
function AlertActions() {
  const record = useRecordContext();
  const { canAccess } = useCanAccess({ action: 'write', resource: 'alerts' });
  const refresh = useRefresh();
  const [asking, setAsking] = useState<'note' | 'close' | null>(null);
  const { busy, runNoticed } = useNoticedRun();
  if (!record || !canAccess) return null;
  /** Runs the action and reads the alert again; a refusal is the caller's to tell. */
  const post = async (action: string, body: object, done: string) => {
    await api(`/alerts/${record.id}/${action}`, { method: 'POST', body });
    refresh();
    return done;
  };
  const assign = () =>
    runNoticed(
      () => post('assign', {}, 'Assigned to you'),
      () => {},
    );
  const closed = record.status === 'closed';
  return (
    <TopToolbar>
      {!closed && (
        <Button disabled={busy} onClick={() => void assign()}>
          Assign to me
        </Button>
      )}
      <Button disabled={busy} onClick={() => setAsking('note')}>
        Add note
      </Button>
      {!closed && (
        <Button color="error" disabled={busy} onClick={() => setAsking('close')}>
          Close
        </Button>
      )}
      <ActionDialog
        title="Add note"
        open={asking === 'note'}
        onClose={() => setAsking(null)}
        run={(form) => post('notes', { text: String(form.get('text')).trim() }, 'Note added')}
      >
        <Field name="text" label="Note" required multiline minRows={3} slotProps={{ htmlInput: { maxLength: 2000 } }} />
      </ActionDialog>
      <ActionDialog
        title="Close"
        open={asking === 'close'}
        onClose={() => setAsking(null)}
        run={(form) => post('close', { reason: String(form.get('text')).trim() }, 'Alert closed')}
      >
        <Field
          name="text"
          label="Why it is closed"
          required
          multiline
          minRows={3}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </ActionDialog>
    </TopToolbar>
  );
}

/** The facts the rule saw, as a table of names and values (nested ones as JSON). */
function Facts() {
  const record = useRecordContext();
  if (!record) return null;
  const entries = Object.entries((record.facts ?? {}) as Record<string, unknown>);
  if (entries.length === 0) return <Typography>None recorded.</Typography>;
  return (
    <Table size="small" aria-label="Facts">
      <TableBody>
        {entries.map(([name, value]) => (
          <TableRow key={name}>
            <TableCell component="th" scope="row" sx={{ width: '12rem' }}>
              {name}
            </TableCell>
            <TableCell sx={{ fontFamily: typeof value === 'object' ? 'monospace' : undefined, whiteSpace: 'pre-wrap' }}>
              {typeof value === 'object' ? JSON.stringify(value, null, 1) : String(value)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

type Note = { id: number; author: string; text: string; at: string };

function Notes() {
  const record = useRecordContext();
  const notes = (record?.notes ?? []) as Note[];
  if (notes.length === 0) return <Typography>No notes yet.</Typography>;
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {notes.map((note) => (
        <li key={note.id}>
          <Typography variant="body2" color="text.secondary">
            {note.author}, {new Date(note.at).toLocaleString()}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{note.text}</Typography>
        </li>
      ))}
    </Box>
  );
}

/** One alert: what was seen, the facts, the notes, and what staff may do with it. */
export const AlertShow = () => (
  <Show title="Alert" actions={<AlertActions />}>
    <SimpleShowLayout>
      <FunctionField label="Kind" render={kindName} />
      <FunctionField label="Player" render={(r: RaRecord) => <PlayerLink record={r} />} />
      <TextField source="summary" />
      <FunctionField label="Status" render={(r: RaRecord) => <StatusChip record={r} />} />
      <TextField source="assignee" emptyText="—" />
      <DateField source="createdAt" label="Raised" showTime />
      <TextField source="closedReason" label="Closed because" emptyText="—" />
      <DateField source="closedAt" label="Closed" showTime emptyText="—" />
      <FunctionField label="Facts" render={() => <Facts />} />
      <FunctionField label="Notes" render={() => <Notes />} />
    </SimpleShowLayout>
  </Show>
);
