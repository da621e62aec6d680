import {
  BooleanField,
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  TextField,
  TopToolbar,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { command } from '../../http.ts';
import { ActionButton } from '../action-button.tsx';
import { BonusPreview } from './bonus-preview.tsx';
import { kindOf, type BonusDefinition } from './bonus-types.ts';

const money = (amounts: Record<string, string>) =>
  Object.entries(amounts)
    .map(([currency, amount]) => `${amount} ${currency}`)
    .join(', ') || '—';

/** Switches a definition on or off (`bonus enable|disable`): off, it is no longer issued; bonuses given stay. */
export function EnableButton({ resource }: { resource: string }) {
  const record = useRecordContext<BonusDefinition & RaRecord>();
  if (!record) return null;
  const action = record.enabled ? 'disable' : 'enable';
  return (
    <ActionButton
      resource={resource}
      label={record.enabled ? 'Disable' : 'Enable'}
      color={record.enabled ? 'error' : 'primary'}
      confirm={
        record.enabled
          ? `No new "${record.name}" will be issued (by codes, deposits, quests or staff); bonuses already given stay.`
          : undefined
      }
      run={async () => {
        await command('bonus', { action, name: record.name });
        return `"${record.name}" ${action}d`;
      }}
    />
  );
}

/** A row's player card, under it. */
const Preview = () => {
  const record = useRecordContext<BonusDefinition & RaRecord>();
  return record ? <BonusPreview definition={record} /> : null;
};

/** The list's columns, shared by bonuses, free spins and cashback. */
export const DefinitionGrid = ({ resource }: { resource: string }) => (
  <Datagrid bulkActionButtons={false} rowClick="expand" expand={<Preview />}>
    <TextField source="name" />
    <FunctionField label="Kind" render={(r: BonusDefinition) => kindOf(r)} />
    <FunctionField label="Amounts" render={(r: BonusDefinition) => money(r.amounts)} />
    <FunctionField
      label="Wagering"
      render={(r: BonusDefinition) =>
        `×${r.wagerMultiplier}${r.wagerMultiplierWritten > r.wagerMultiplier ? ` (×${r.wagerMultiplierWritten} capped)` : ''}`
      }
    />
    <FunctionField label="Max bet" render={(r: BonusDefinition) => money(r.maxBet)} />
    <FunctionField
      label="Days (activate / wager)"
      render={(r: BonusDefinition) => `${r.activationDays} / ${r.wageringDays}`}
    />
    <BooleanField source="onePerPerson" label="One per person" />
    <BooleanField source="enabled" />
    <EnableButton resource={resource} />
  </Datagrid>
);

/** The new-bonus button; from the free-spins list, the form opens on free spins. */
const Actions = ({ kind = 'cash' }: { kind?: string }) => (
  <TopToolbar>
    <CreateButton
      resource="bonus-definitions"
      label={kind === 'freespins' ? 'New free spins' : 'New bonus'}
      state={{ record: { kind } }}
    />
  </TopToolbar>
);

/** Every bonus definition (free spins and cashback too); a row opens what a player sees. */
export const BonusDefinitionList = () => (
  <List title="Bonuses" exporter={false} actions={<Actions />} sort={{ field: 'createdAt', order: 'DESC' }}>
    <DefinitionGrid resource="bonus-definitions" />
  </List>
);

/** The free-spins definitions (bonus definitions with spins); they are created as bonuses with free spins. */
export const FreeSpinsList = () => (
  <List
    title="Free spins"
    exporter={false}
    actions={<Actions kind="freespins" />}
    sort={{ field: 'createdAt', order: 'DESC' }}
    empty={false}
  >
    <Datagrid bulkActionButtons={false} rowClick="expand" expand={<Preview />}>
      <TextField source="name" />
      <FunctionField label="Spins" render={(r: BonusDefinition) => r.freespins?.count ?? '—'} />
      <FunctionField label="Game" render={(r: BonusDefinition) => r.freespins?.game?.name ?? '—'} />
      <FunctionField label="Stake per spin" render={(r: BonusDefinition) => money(r.freespins?.stakes ?? {})} />
      <FunctionField label="Winnings wagering" render={(r: BonusDefinition) => `×${r.wagerMultiplier}`} />
      <BooleanField source="enabled" />
      <EnableButton resource="free-spins" />
    </Datagrid>
  </List>
);
