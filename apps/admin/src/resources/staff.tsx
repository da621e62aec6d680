import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Button,
  Create,
  DateField,
  Datagrid,
  FunctionField,
  List,
  required,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  email,
  useNotify,
  useRedirect,
  type RaRecord,
} from 'react-admin';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button as MuiButton,
  TextField as Field,
  Typography,
} from '@mui/material';
import { STAFF_ROLES } from '@casino/contracts';
import { api } from '../http.ts';
import { DecideButton } from './decide.tsx';

const ROLE_CHOICES = STAFF_ROLES.map((role) => ({ id: role, name: role }));

const changeRole = async (record: RaRecord, reason: string | null, role?: string) => {
  await api(`/staff/${record.id}/role`, { method: 'POST', body: { role, reason } });
  return `${record.email} is now ${role}: their sessions ended, the next sign-in carries the new role`;
};

const deactivate = async (record: RaRecord, reason: string | null) => {
  await api(`/staff/${record.id}/deactivate`, { method: 'POST', body: { reason } });
  return `${record.email} deactivated: their sessions and tokens ended`;
};

/** The staff: who, which role, and whether they may still sign in. */
export const StaffList = () => (
  <List title="Staff" exporter={false} sort={{ field: 'createdAt', order: 'ASC' }}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="email" />
      <TextField source="role" />
      <TextField source="status" />
      <DateField source="createdAt" label="Invited" />
      <FunctionField
        label="Actions"
        render={(record: RaRecord) => (
          <>
            <Button
              component={RouterLink}
              to={`/audit?filter=${encodeURIComponent(JSON.stringify({ staffId: record.id }))}`}
              label="Audit"
            />
            {record.status !== 'deactivated' && (
              <>
                <DecideButton
                  record={record}
                  resource="staff"
                  label="Change role"
                  reason="Why"
                  choices={{ label: 'New role', values: STAFF_ROLES }}
                  run={changeRole}
                />
                <DecideButton
                  record={record}
                  resource="staff"
                  label="Deactivate"
                  color="error"
                  reason="Why"
                  run={deactivate}
                />
              </>
            )}
          </>
        )}
      />
    </Datagrid>
  </List>
);

/** The invitation just made: its one-time enrolment link, shown once in a dialog to copy and send. */
function InvitedDialog({ invited, onClose }: { invited: RaRecord | null; onClose: () => void }) {
  const notify = useNotify();
  if (!invited) return null;
  const copy = () =>
    navigator.clipboard.writeText(String(invited.enrolUrl)).then(
      () => notify('Link copied', { type: 'info' }),
      () => notify('Select the link and copy it', { type: 'warning' }),
    );
  return (
    <Dialog open onClose={onClose} aria-labelledby="invited-title">
      <DialogTitle id="invited-title">Invited {String(invited.email)}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>
          Send them this enrolment link. It works once, for 72 hours, and is not shown again.
        </Typography>
        <Field
          value={String(invited.enrolUrl)}
          label="Enrolment link"
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, 'data-enrol-url': true } }}
          onFocus={(event) => event.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={copy}>Copy link</MuiButton>
        <MuiButton variant="contained" onClick={onClose}>
          Done
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

export function StaffCreate() {
  const [invited, setInvited] = useState<RaRecord | null>(null);
  const redirect = useRedirect();
  return (
    <Create title="Invite a staff member" redirect={false} mutationOptions={{ onSuccess: setInvited }}>
      <SimpleForm>
        <TextInput source="email" type="email" validate={[required(), email()]} />
        <SelectInput source="role" choices={ROLE_CHOICES} validate={required()} />
      </SimpleForm>
      <InvitedDialog invited={invited} onClose={() => redirect('list', 'staff')} />
    </Create>
  );
}
