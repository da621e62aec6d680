import { useState } from 'react';
import { useCanAccess, useRecordContext, useRefresh } from 'react-admin';
import { Box, Button, MenuItem, TextField as Field } from '@mui/material';
import { PlayerStatus } from '@casino/contracts';
import { api } from '../../http.ts';
import { ActionDialog } from '../action-dialog.tsx';

/** The reason every action on the account asks for: kept in the audit trail. */
const ReasonField = () => (
  <Field
    name="reason"
    label="Reason (kept in the audit trail)"
    required
    multiline
    slotProps={{ htmlInput: { maxLength: 500 } }}
  />
);

/** An action on the shown player (Player write): a button, a dialog with the reason, and the answer as a notice. */
function PlayerAction(props: {
  label: string;
  part: string;
  color?: 'error';
  body?: (form: FormData) => Record<string, unknown>;
  onDone: () => void;
  children?: React.ReactNode;
}) {
  const record = useRecordContext();
  const { canAccess } = useCanAccess({ action: 'write', resource: 'players' });
  const [open, setOpen] = useState(false);
  if (!record || !canAccess) return null;
  const run = async (form: FormData) => {
    const answer = await api<{ message: string }>(`/players/${record.id}/${props.part}`, {
      method: 'POST',
      body: { ...props.body?.(form), reason: String(form.get('reason')) },
    });
    props.onDone();
    return answer.data.message;
  };
  return (
    <>
      <Button variant="outlined" color={props.color} onClick={() => setOpen(true)}>
        {props.label}
      </Button>
      <ActionDialog title={props.label} open={open} onClose={() => setOpen(false)} run={run}>
        {props.children}
        <ReasonField />
      </ActionDialog>
    </>
  );
}

/** Signs the player out everywhere (the sessions list shows how many are open). */
export const EndSessions = ({ onDone, open }: { onDone: () => void; open: number }) =>
  open > 0 ? <PlayerAction label="End all sessions" part="sessions/end" onDone={onDone} /> : null;

const RESTRICTIONS = [
  { value: 'active', label: 'No restriction (lift)' },
  { value: 'limited', label: 'Limited: no deposits' },
  { value: 'blocked', label: 'Blocked: no sign-in, no money' },
];

/** Set or lift a restriction, or close the account on the player's request: the profile's actions. */
export function AccountActions() {
  const record = useRecordContext();
  const refresh = useRefresh();
  if (!record) return null;
  const current =
    record.status === PlayerStatus.blocked ? 'blocked' : record.status === PlayerStatus.limited ? 'limited' : 'active';
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <PlayerAction
        label="Restrict or lift"
        part="restriction"
        onDone={refresh}
        body={(form) => ({ status: String(form.get('status')) })}
      >
        <Field select name="status" label="Restriction" defaultValue={current} required>
          {RESTRICTIONS.map((r) => (
            <MenuItem key={r.value} value={r.value}>
              {r.label}
            </MenuItem>
          ))}
        </Field>
      </PlayerAction>
      {record.status !== PlayerStatus.closed && (
        <PlayerAction label="Close account" part="close" color="error" onDone={refresh} />
      )}
    </Box>
  );
}
