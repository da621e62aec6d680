import { DateField, Datagrid, FunctionField, List, TextField, TextInput, TopToolbar, type RaRecord } from 'react-admin';
import { Button } from '@mui/material';

const filters = [
  <TextInput key="action" source="action" label="Action" alwaysOn />,
  <TextInput key="playerId" source="playerId" label="Player id" alwaysOn />,
  <TextInput key="staffId" source="staffId" label="Staff id" />,
];

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** Every staff write (and read of documents): who, when, what, before and after, why, from where. */
export const AuditList = () => (
  <List
    title="Audit trail"
    filters={filters}
    sort={{ field: 'id', order: 'DESC' }}
    exporter={false}
    actions={
      <TopToolbar>
        <Button href="/api/admin/audit?format=csv&limit=500" download="audit.csv">
          Export CSV
        </Button>
      </TopToolbar>
    }
  >
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <DateField source="at" label="When" showTime />
      <FunctionField label="Who" render={(r: RaRecord) => r.staffEmail ?? 'local operator'} />
      <TextField source="role" />
      <TextField source="action" />
      <FunctionField label="Target" render={(r: RaRecord) => [r.targetType, r.targetId].filter(Boolean).join(' ')} />
      <FunctionField label="Before" render={(r: RaRecord) => json(r.before)} />
      <FunctionField label="After" render={(r: RaRecord) => json(r.after)} />
      <TextField source="reason" emptyText="" />
      <TextField source="ip" label="Address" />
    </Datagrid>
  </List>
);
