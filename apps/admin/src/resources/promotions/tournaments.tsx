import {
  CreateButton,
  DateField,
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

type Tournament = {
  identity: string;
  title: string;
  state: number;
  status: string;
  minStake: string | null;
  currency: string;
  prizes: { place: number; type: number; title: string }[];
};

const run = (action: 'start' | 'end', identity: string) => async () =>
  (await command<{ message: string }>('tournament', { action, identity })).data.message;

/** Start an upcoming one now; end an upcoming or running one now (its prizes are paid at once). */
const Actions = () => {
  const t = useRecordContext<Tournament & RaRecord>();
  if (!t) return null;
  return (
    <>
      {t.state === 2 && <ActionButton resource="tournaments" label="Start now" run={run('start', t.identity)} />}
      {(t.state === 2 || t.state === 3) && (
        <ActionButton
          resource="tournaments"
          label="End now"
          color="error"
          confirm={`"${t.title}" ends now and its prizes are paid at once to the leaderboard as it stands.`}
          run={run('end', t.identity)}
        />
      )}
    </>
  );
};

/** The tournaments, newest first, with their prizes. */
export const TournamentList = () => (
  <List
    title="Tournaments"
    exporter={false}
    sort={{ field: 'startAt', order: 'DESC' }}
    actions={
      <TopToolbar>
        <CreateButton label="New tournament" />
      </TopToolbar>
    }
  >
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="identity" />
      <TextField source="title" />
      <TextField source="scoring" />
      <TextField source="status" />
      <DateField source="startAt" label="Starts" showTime />
      <DateField source="endAt" label="Ends" showTime />
      <FunctionField label="Min stake" render={(t: Tournament) => (t.minStake ? `${t.minStake} ${t.currency}` : '—')} />
      <FunctionField
        label="Prizes"
        render={(t: Tournament) => t.prizes.map((p) => `#${p.place} ${p.title}`).join(', ')}
      />
      <Actions />
    </Datagrid>
  </List>
);

const day = 86_400_000;
const at = (offset: number) => new Date(Math.ceil((Date.now() + offset) / 3_600_000) * 3_600_000).toISOString();

/** A new tournament from JSON, as `tournament create <file>` reads it. */
export const TournamentCreate = () => (
  <JsonCreate
    title="New tournament"
    route="tournament"
    bodyKey="tournament"
    list="tournaments"
    template={{
      identity: 'weekend-slots',
      title: 'Weekend slots race',
      description: '',
      scoring: 'win',
      minStake: 50,
      games: [],
      collections: ['slots'],
      prizes: [
        { place: 1, type: 3, title: '5000 points', points: 5000 },
        { place: 2, type: 3, title: '2000 points', points: 2000 },
      ],
      startAt: at(day),
      endAt: at(3 * day),
    }}
    help="Scoring: win (total won), multiplier (biggest win ÷ stake) or stake (total staked), in EUR; minStake in EUR minor units. Prizes by place: type 1 bonus or 2 free spins (bonus: a definition's name), 3 loyalty points (points). recurrence: daily with a series starts the next day's when one ends."
  />
);
