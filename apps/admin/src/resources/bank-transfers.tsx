import { DateField, Datagrid, FunctionField, List, NumberField, TextField, type RaRecord } from 'react-admin';
import { command } from '../http.ts';
import { LiveRefresh } from '../live.ts';
import { DecideButton } from './decide.tsx';

/** Credits the transfer: its money arrived at the bank with this reference. */
const confirm = async (record: RaRecord) => {
  await command('invoices', { action: 'deposits-confirm', invoice: record.reference });
  return `Transfer ${String(record.reference)} credited`;
};

/** Bank transfers the players announced, waiting for their money to arrive; confirm the ones that did. */
export const BankTransferList = () => (
  <List title="Bank transfers to confirm" sort={{ field: 'createdAt', order: 'ASC' }} exporter={false}>
    <LiveRefresh queues={['deposits']} />
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <NumberField source="number" label="#" />
      <TextField source="reference" label="Reference" />
      <DateField source="createdAt" label="Announced" showTime />
      <TextField source="player" />
      <FunctionField label="Amount" render={(r: RaRecord) => `${r.amount} ${r.currency}`} textAlign="right" />
      <FunctionField
        label="Arrived?"
        render={(record: RaRecord) => (
          <DecideButton record={record} resource="bank-transfers" label="Confirm arrival" run={confirm} />
        )}
      />
    </Datagrid>
  </List>
);
