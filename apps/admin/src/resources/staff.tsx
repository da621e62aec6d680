import {
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
  type RaRecord,
} from 'react-admin';
import { STAFF_ROLES } from '@casino/contracts';
import { api } from '../http.ts';
import { DecideButton } from './decide.tsx';

const ROLE_CHOICES = STAFF_ROLES.map((role) => ({ id: role, name: role }));

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
        render={(record: RaRecord) =>
          record.status === 'deactivated' ? null : (
            <DecideButton
              record={record}
              resource="staff"
              label="Deactivate"
              color="error"
              reason="Why"
              run={deactivate}
            />
          )
        }
      />
    </Datagrid>
  </List>
);

/** Shows the one-time enrolment link once the invitation is made (it is not shown again). */
function useInvited() {
  const notify = useNotify();
  return {
    onSuccess: (data: RaRecord) =>
      notify(`Invited ${data.email}. Send them this enrolment link (72 h, once): ${data.enrolUrl}`, {
        type: 'success',
        autoHideDuration: null,
      }),
  };
}

export function StaffCreate() {
  const mutationOptions = useInvited();
  return (
    <Create title="Invite a staff member" redirect="list" mutationOptions={mutationOptions}>
      <SimpleForm>
        <TextInput source="email" type="email" validate={[required(), email()]} />
        <SelectInput source="role" choices={ROLE_CHOICES} validate={required()} />
      </SimpleForm>
    </Create>
  );
}
