import { useState } from 'react';
import {
  BooleanField,
  DateField,
  FunctionField,
  Datagrid,
  List,
  NumberField,
  Show,
  Tab,
  TabbedShowLayout,
  TextField,
  TextInput,
  useCanAccess,
  useRecordContext,
} from 'react-admin';
import {
  Box,
  Button,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField as Field,
  Typography,
} from '@mui/material';
import { LimitDefinition, PlayerStatus, type PlayerLimit } from '@casino/contracts';
import { command } from '../http.ts';
import { AccountActions } from './player/actions.tsx';
import { Messages, Play } from './player/activity.tsx';
import { ActionDialog } from './action-dialog.tsx';
import { usePlayerPart } from './player/kit.tsx';
import { Links } from './player/links.tsx';
import { Notes } from './player/notes.tsx';
import { Promotions } from './player/promotions.tsx';
import { Sessions } from './player/sessions.tsx';
import { Verification } from './player/verification.tsx';

const LIMIT_NAMES: Record<number, string> = {
  [LimitDefinition.deposit]: 'Deposit',
  [LimitDefinition.bet]: 'Bet',
  [LimitDefinition.loss]: 'Loss',
  [LimitDefinition.selfExclusion]: 'Self-exclusion',
  [LimitDefinition.coolingOff]: 'Cooling-off',
};

const filters = [
  <TextInput key="q" source="q" label="E-mail, phone, id, name, IBAN or card fingerprint" alwaysOn resettable />,
];

/** Players found by what staff type: an e-mail, a phone in any spelling, the short id, a name. */
export const PlayerList = () => (
  <List title="Players" filters={filters} exporter={false} sort={{ field: 'createdAt', order: 'DESC' }} empty={false}>
    <Datagrid
      rowClick="show"
      bulkActionButtons={false}
      empty={
        <Typography sx={{ p: 2 }}>
          Type an e-mail, a phone number, an id, a name, an IBAN or a card fingerprint to find a player.
        </Typography>
      }
    >
      <NumberField source="externalId" label="Id" />
      <TextField source="email" emptyText="—" />
      <TextField source="phone" emptyText="—" />
      <TextField source="name" emptyText="—" />
      <TextField source="country" emptyText="—" />
      <DateField source="createdAt" label="Signed up" />
    </Datagrid>
  </List>
);

type Account = {
  id: string;
  currency: string;
  real: string;
  bonus: string;
  locked: string;
  transfers: {
    id: number;
    at: string;
    kind: string;
    real: string;
    bonus: string;
    realAfter: string;
    counterparty: string;
    reason: string | null;
  }[];
};

/** Credit or debit real money, with the reason kept in the ledger; above the threshold it waits for a second approver. */
function AdjustBalance({ playerId, onDone }: { playerId: string; onDone: () => void }) {
  const { canAccess } = useCanAccess({ action: 'write', resource: 'balances' });
  const [open, setOpen] = useState(false);
  if (!canAccess) return null;
  const run = async (form: FormData) => {
    const kind = String(form.get('kind'));
    const answer = await command<{ message?: string }>(kind, {
      player: playerId,
      amount: String(form.get('amount')),
      currency: String(form.get('currency')).toUpperCase(),
      reason: String(form.get('reason')),
    });
    onDone();
    return answer.status === 202
      ? 'Above the four-eyes threshold: waiting for a second approver'
      : `Balance ${kind === 'credit' ? 'credited' : 'debited'}`;
  };
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Adjust balance
      </Button>
      <ActionDialog title="Adjust balance" open={open} onClose={() => setOpen(false)} run={run}>
        <Field select name="kind" label="Direction" defaultValue="credit" required>
          <MenuItem value="credit">Credit (give)</MenuItem>
          <MenuItem value="debit">Debit (take)</MenuItem>
        </Field>
        <Field
          name="amount"
          label="Amount"
          required
          slotProps={{ htmlInput: { inputMode: 'decimal', pattern: '\\d+(\\.\\d+)?' } }}
        />
        <Field name="currency" label="Currency" defaultValue="EUR" required />
        <Field name="reason" label="Reason (kept in the ledger and the audit trail)" required multiline />
      </ActionDialog>
    </>
  );
}

/** The player's accounts and latest transfers. */
function Accounts() {
  const record = useRecordContext();
  const [accounts, load] = usePlayerPart<Account[]>('accounts');
  if (!record) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <AdjustBalance playerId={String(record.id)} onDone={load} />
      </Box>
      {accounts?.length === 0 && <Typography>No accounts yet.</Typography>}
      {accounts?.map((account) => (
        <Box key={account.id} component="section" aria-label={`${account.currency} account`}>
          <Typography component="h3" variant="h6">
            {account.currency}: {account.real} real · {account.bonus} bonus · {account.locked} in withdrawals
          </Typography>
          <Table size="small" aria-label={`${account.currency} transfers`}>
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Kind</TableCell>
                <TableCell align="right">Real</TableCell>
                <TableCell align="right">Bonus</TableCell>
                <TableCell align="right">Real after</TableCell>
                <TableCell>With</TableCell>
                <TableCell>Reason</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {account.transfers.map((t) => (
                <TableRow key={t.id}>
                  <TableCell>{new Date(t.at).toLocaleString()}</TableCell>
                  <TableCell>{t.kind}</TableCell>
                  <TableCell align="right">{t.real}</TableCell>
                  <TableCell align="right">{t.bonus}</TableCell>
                  <TableCell align="right">{t.realAfter}</TableCell>
                  <TableCell>{t.counterparty}</TableCell>
                  <TableCell>{t.reason ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ))}
    </Box>
  );
}

type Limit = PlayerLimit;

/** A limit as a line: "Deposit, daily: 100 EUR (40 used)", "Cooling-off until 12/07/2026". */
function limitLine(limit: Limit): string {
  const name = LIMIT_NAMES[limit.definition] ?? `Limit ${limit.definition}`;
  if (limit.amount === null)
    return `${name} until ${limit.expiredAt ? new Date(limit.expiredAt).toLocaleString() : 'further notice'}`;
  const used = limit.used === null ? '' : ` (${limit.used} used)`;
  return `${name}, ${limit.period}: ${limit.amount} ${limit.currency}${used}${limit.pendingExist ? ' — a change waits' : ''}`;
}

/** A dialog of an action on the player: open or not, and what closing it does. */
type PlayerDialog = { playerId: string; open: boolean; onClose: () => void };

/** Sets a money limit at once, as the player's own (its lock, its event). */
function SetLimit({ playerId, open, onClose }: PlayerDialog) {
  const run = async (form: FormData) =>
    (
      await command<{ message: string }>('limit', {
        player: playerId,
        type: form.get('type'),
        amount: String(form.get('amount')),
        currency: String(form.get('currency')).toUpperCase(),
        period: form.get('period'),
      })
    ).data.message;
  return (
    <ActionDialog title="Set a limit" open={open} onClose={onClose} run={run}>
      <Field select name="type" label="Kind" defaultValue="deposit" required>
        <MenuItem value="deposit">Deposit</MenuItem>
        <MenuItem value="bet">Bet</MenuItem>
        <MenuItem value="loss">Loss</MenuItem>
      </Field>
      <Field name="amount" label="Amount" required />
      <Field name="currency" label="Currency" defaultValue="EUR" required />
      <Field select name="period" label="Period" defaultValue="daily" required>
        <MenuItem value="daily">Daily</MenuItem>
        <MenuItem value="weekly">Weekly</MenuItem>
        <MenuItem value="monthly">Monthly</MenuItem>
      </Field>
    </ActionDialog>
  );
}

/** Excludes the player at once: their sessions and live games end with it. */
function Exclude({ playerId, open, onClose }: PlayerDialog) {
  const run = async (form: FormData) =>
    (
      await command<{ message: string }>('exclude', {
        player: playerId,
        type: form.get('type'),
        days: Number(form.get('days')),
      })
    ).data.message;
  return (
    <ActionDialog title="Exclude" open={open} onClose={onClose} run={run}>
      <Field select name="type" label="Kind" defaultValue="cooling-off" required>
        <MenuItem value="cooling-off">Cooling-off</MenuItem>
        <MenuItem value="self-exclusion">Self-exclusion</MenuItem>
      </Field>
      <Field
        name="days"
        label="Days"
        type="number"
        defaultValue={7}
        required
        slotProps={{ htmlInput: { min: 1, max: 36500 } }}
      />
    </ActionDialog>
  );
}

/** The player's limits and exclusions in effect; set a limit or an exclusion (compliance). */
function Limits() {
  const record = useRecordContext();
  const { canAccess: mayWrite } = useCanAccess({ action: 'write', resource: 'limits' });
  const [limits, load] = usePlayerPart<Limit[]>('limits');
  const [open, setOpen] = useState<'limit' | 'exclude' | null>(null);
  if (!record) return null;
  const close = () => {
    setOpen(null);
    load();
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {mayWrite && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button variant="outlined" onClick={() => setOpen('limit')}>
            Set a limit
          </Button>
          <Button variant="outlined" color="error" onClick={() => setOpen('exclude')}>
            Exclude
          </Button>
        </Box>
      )}
      {limits?.length === 0 && <Typography>No limits.</Typography>}
      <Box component="ul" aria-label="Limits in effect" sx={{ m: 0, pl: 3 }}>
        {limits?.map((limit) => (
          <li key={limit.id}>{limitLine(limit)}</li>
        ))}
      </Box>
      <SetLimit playerId={String(record.id)} open={open === 'limit'} onClose={close} />
      <Exclude playerId={String(record.id)} open={open === 'exclude'} onClose={close} />
    </Box>
  );
}

/** Send the player a message in their notifications. */
function Message() {
  const record = useRecordContext();
  const { canAccess } = useCanAccess({ action: 'write', resource: 'messages' });
  const [open, setOpen] = useState(false);
  if (!record || !canAccess) return null;
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Send a message
      </Button>
      <ActionDialog
        title="Send a message"
        open={open}
        onClose={() => setOpen(false)}
        run={async (form) =>
          (
            await command<{ message: string }>('message', {
              to: String(record.id),
              title: String(form.get('title')),
              body: String(form.get('body')),
            })
          ).data.message
        }
      >
        <Field name="title" label="Title" required slotProps={{ htmlInput: { maxLength: 120 } }} />
        <Field name="body" label="Message" required multiline minRows={3} />
      </ActionDialog>
    </>
  );
}

const STATUS_NAMES: Record<number, string> = {
  [PlayerStatus.active]: 'Active',
  [PlayerStatus.limited]: 'Limited (no deposits)',
  [PlayerStatus.blocked]: 'Blocked',
  [PlayerStatus.selfExcluded]: 'Self-excluded',
  [PlayerStatus.coolingOff]: 'Cooling-off',
  [PlayerStatus.closed]: 'Closed',
};

/** A tab of the player's page shown to the roles that may read its part. */
const useMayRead = (resource: string) => useCanAccess({ action: 'show', resource }).canAccess ?? false;

/** A player's page: each part a tab, read from its own module; actions by permission. */
export function PlayerShow() {
  const documents = useMayRead('documents');
  const messages = useMayRead('messages');
  const promotions = useMayRead('bonus-definitions');
  return (
    <Show title="Player">
      <TabbedShowLayout>
        <Tab label="Profile">
          <NumberField source="externalId" label="Id" />
          <FunctionField label="Status" render={(p: { status: number }) => STATUS_NAMES[p.status] ?? p.status} />
          <TextField source="email" emptyText="—" />
          <BooleanField source="emailConfirmed" label="E-mail confirmed" />
          <TextField source="phone" emptyText="—" />
          <BooleanField source="phoneConfirmed" label="Phone confirmed" />
          <TextField source="name" emptyText="—" />
          <TextField source="birthdate" emptyText="—" />
          <TextField source="country" emptyText="—" />
          <TextField source="city" emptyText="—" />
          <TextField source="address" emptyText="—" />
          <TextField source="currency" emptyText="—" />
          <DateField source="createdAt" label="Signed up" showTime />
          <TextField source="registrationIp" label="Sign-up address" emptyText="—" />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Message />
            <AccountActions />
          </Box>
        </Tab>
        <Tab label="Accounts" path="accounts">
          <Accounts />
        </Tab>
        <Tab label="Limits" path="limits">
          <Limits />
        </Tab>
        <Tab label="Sessions" path="sessions">
          <Sessions />
        </Tab>
        <Tab label="Play" path="play">
          <Play />
        </Tab>
        {promotions && (
          <Tab label="Promotions" path="promotions">
            <Promotions />
          </Tab>
        )}
        {documents && (
          <Tab label="Documents" path="documents">
            <Verification />
          </Tab>
        )}
        {messages && (
          <Tab label="Messages" path="messages">
            <Messages />
          </Tab>
        )}
        <Tab label="Linked accounts" path="links">
          <Links />
        </Tab>
        <Tab label="Notes" path="notes">
          <Notes />
        </Tab>
      </TabbedShowLayout>
    </Show>
  );
}
