import {
  BooleanField,
  DateField,
  Datagrid,
  FunctionField,
  List,
  NumberField,
  TextField,
  type RaRecord,
} from 'react-admin';
import { command } from '../http.ts';
import { LiveRefresh } from '../live.ts';
import { DecideButton } from './decide.tsx';

/** Sends the withdrawal to the provider, or holds it for a second approver above the four-eyes threshold. */
const approve = async (record: RaRecord) => {
  const answer = await command('invoices', { action: 'withdrawals-approve', invoice: record.id });
  return answer.status === 202
    ? 'Above the four-eyes threshold: waiting for a second approver (Approvals)'
    : 'Withdrawal approved and sent';
};
const decline = async (record: RaRecord, reason: string | null) => {
  await command('invoices', { action: 'withdrawals-decline', invoice: record.id, ...(reason ? { reason } : {}) });
  return 'Withdrawal declined: the money is back on the player’s balance';
};

/** The withdrawals waiting for a decision, oldest first; a new one appears without a reload. */
export const WithdrawalList = () => (
  <List title="Withdrawals to approve" sort={{ field: 'createdAt', order: 'ASC' }} exporter={false}>
    <LiveRefresh queues={['withdrawals']} />
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <NumberField source="number" label="#" />
      <DateField source="createdAt" label="Requested" showTime />
      <TextField source="player" />
      <FunctionField label="Amount" render={(r: RaRecord) => `${r.amount} ${r.currency}`} textAlign="right" />
      <TextField source="paymentMethod" label="Method" />
      <BooleanField source="verified" label="Identity verified" />
      <FunctionField
        label="Decision"
        render={(record: RaRecord) => (
          <>
            <DecideButton record={record} resource="withdrawals" label="Approve" run={approve} />
            <DecideButton
              record={record}
              resource="withdrawals"
              label="Decline"
              color="error"
              reason="Why (the player reads it on the withdrawal)"
              run={decline}
            />
          </>
        )}
      />
    </Datagrid>
  </List>
);
