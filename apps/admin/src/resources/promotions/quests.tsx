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
import { JsonCreate } from './json-create.tsx';

type Quest = {
  identity: string;
  name: string;
  enabled: boolean;
  taskExecutionOrder: number;
  tasks: { type: number; name: string; unit: string; quantity: number }[];
  rewards: { type: number; bonus?: string; points?: number }[];
};

const TASKS: Record<number, string> = {
  1: 'verify e-mail',
  2: 'fill profile',
  3: 'win',
  4: 'bet',
  5: 'verify phone',
  6: 'deposit',
};
const reward = (r: Quest['rewards'][number]) =>
  r.type === 3 ? `${r.points} points` : `${r.type === 2 ? 'free spins' : 'bonus'} "${r.bonus}"`;

const Toggle = () => {
  const quest = useRecordContext<Quest & RaRecord>();
  if (!quest) return null;
  const action = quest.enabled ? 'disable' : 'enable';
  return (
    <ActionButton
      resource="quests"
      label={quest.enabled ? 'Disable' : 'Enable'}
      color={quest.enabled ? 'error' : 'primary'}
      confirm={quest.enabled ? `"${quest.name}" is no longer offered; quests players hold stay.` : undefined}
      run={async () => (await command<{ message: string }>('quest', { action, identity: quest.identity })).data.message}
    />
  );
};

/** The quest definitions in their order, with their tasks and rewards. */
export const QuestList = () => (
  <List
    title="Quests"
    exporter={false}
    actions={
      <TopToolbar>
        <CreateButton label="New quest" />
      </TopToolbar>
    }
  >
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="identity" />
      <TextField source="name" />
      <FunctionField
        label="Tasks"
        render={(q: Quest) =>
          `${q.taskExecutionOrder === 1 ? 'in order: ' : ''}${q.tasks.map((t) => `${t.name} (${TASKS[t.type] ?? t.type} ×${t.quantity}${t.unit === 'amount' ? ' minor units' : ''})`).join(', ')}`
        }
      />
      <FunctionField label="Rewards" render={(q: Quest) => q.rewards.map(reward).join(', ') || '—'} />
      <BooleanField source="enabled" />
      <Toggle />
    </Datagrid>
  </List>
);

const TEMPLATE = {
  identity: 'first-deposit',
  name: 'Make your first deposit',
  description: '',
  enabled: true,
  taskExecutionOrder: 0,
  durationHours: null,
  tasks: [{ type: 6, name: 'Deposit once', unit: 'count', quantity: 1 }],
  rewards: [{ type: 3, points: 100 }],
};

/** A new quest from JSON, as `quest create <file>` reads it. */
export const QuestCreate = () => (
  <JsonCreate
    title="New quest"
    route="quest"
    bodyKey="definition"
    list="quests"
    template={TEMPLATE}
    help="Task types: 1 verify e-mail, 2 fill profile fields (fields), 3 win in games, 4 bet in games, 5 verify phone, 6 make deposits; unit count or amount (base-currency minor units). Rewards: 1 a bonus, 2 free spins (bonus: a definition's name), 3 loyalty points (points)."
  />
);
