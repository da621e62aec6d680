import { DateField, Datagrid, FunctionField, List, TextField, type RaRecord } from 'react-admin';
import { api } from '../http.ts';
import { DecideButton } from './decide.tsx';

const decide = (decision: 'approve' | 'decline') => async (record: RaRecord) => {
  await api(`/approvals/${record.id}/${decision}`, { method: 'POST' });
  return decision === 'approve' ? 'Approved: done' : 'Declined';
};

/** What waits for a second approver (four eyes): only the requests this member could decide. */
export const ApprovalList = () => (
  <List title="Waiting for a second approver" exporter={false} sort={{ field: 'requestedAt', order: 'ASC' }}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <DateField source="requestedAt" label="Requested" showTime />
      <TextField source="command" />
      <FunctionField label="Amount" render={(r: RaRecord) => `${r.amount} ${r.currency}`} textAlign="right" />
      <FunctionField label="Details" render={(r: RaRecord) => JSON.stringify(r.body)} />
      <FunctionField
        label="Decision"
        render={(record: RaRecord) => (
          <>
            <DecideButton record={record} resource="approvals" label="Approve" run={decide('approve')} />
            <DecideButton record={record} resource="approvals" label="Decline" color="error" run={decide('decline')} />
          </>
        )}
      />
    </Datagrid>
  </List>
);
