import { BooleanField, Datagrid, FunctionField, List, TextField, TopToolbar, type RaRecord } from 'react-admin';
import { command } from '../../http.ts';
import { ActionButton } from '../action-button.tsx';
import { EnableButton } from './bonus-definitions.tsx';
import type { BonusDefinition } from './bonus-types.ts';

/** Pays now what the cashback job pays when a period ends: each account once per period, whoever runs first. */
const PayNow = () => (
  <ActionButton
    resource="cashback"
    label="Pay the last period now"
    confirm="Pays every enabled cashback for its last ended period now. Accounts already paid for that period are skipped."
    run={async () => (await command<{ message: string }>('bonus', { action: 'cashback' })).data.message}
  />
);

/** The cashback programmes: a share of each period's net real-money losses, paid as a bonus. */
export const CashbackList = () => (
  <List
    title="Cashback"
    exporter={false}
    actions={
      <TopToolbar>
        <PayNow />
      </TopToolbar>
    }
    empty={false}
  >
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="name" />
      <FunctionField label="Share of net losses" render={(r: BonusDefinition) => `${r.cashback?.percentage ?? 0}%`} />
      <FunctionField
        label="Period"
        render={(r: BonusDefinition) => (r.cashback?.period === 'day' ? 'Daily' : 'Weekly (Monday to Sunday, UTC)')}
      />
      <FunctionField label="Currencies" render={(r: BonusDefinition & RaRecord) => Object.keys(r.amounts).join(', ')} />
      <FunctionField label="Wagering" render={(r: BonusDefinition) => `×${r.wagerMultiplier}`} />
      <BooleanField source="enabled" />
      <EnableButton resource="cashback" />
    </Datagrid>
  </List>
);
