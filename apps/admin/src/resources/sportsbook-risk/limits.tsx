import { useState } from 'react';
import { useCanAccess } from 'react-admin';
import { Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { command } from '../../http.ts';
import { CommandDialog } from '../command-dialog.tsx';
import { useAdminData } from '../server-fields.ts';
import { Section } from './section.tsx';
import type { Limits } from './types.ts';

const AMOUNT = { inputMode: 'decimal' as const, pattern: '\\d{1,13}(\\.\\d{1,2})?', maxLength: 16 };

/** Sets both maximums in EUR (`sportsbook-risk limits-set`); every currency follows at its rate. */
function SetLimits({ limits, onDone }: { limits: Limits | null; onDone: () => void }) {
  const { canAccess } = useCanAccess({ action: 'write', resource: 'sportsbook-risk' });
  const [open, setOpen] = useState(false);
  if (!canAccess) return null;
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Set limits
      </Button>
      <CommandDialog
        title="Set the maximum stakes"
        intro="In EUR; every currency is bounded by them at its rate, rounded down."
        open={open}
        onClose={() => setOpen(false)}
        onDone={onDone}
        run={async (values) =>
          (await command<{ message: string }>('sportsbook-risk', { action: 'limits-set', ...values })).data.message
        }
        fields={[
          { name: 'maxBet', label: 'Per ticket (EUR)', defaultValue: limits?.maxBet ?? '', ...AMOUNT },
          {
            name: 'maxEvent',
            label: 'Per event (EUR)',
            helperText: "A player's open tickets on one event together",
            defaultValue: limits?.maxEvent ?? '',
            ...AMOUNT,
          },
        ]}
      />
    </>
  );
}

/** The maximum stake per ticket and per event, in EUR and as each currency gets them. */
export function LimitsSection() {
  const { data, error, reload } = useAdminData<Limits>('/sportsbook/limits');
  return (
    <Section
      id="limits-title"
      title="Maximum stakes"
      error={error}
      actions={<SetLimits limits={data} onDone={reload} />}
    >
      {data && data.maxBet === null && (
        <Typography color="error">No maximums are set: every sports ticket is refused until they are.</Typography>
      )}
      {data && data.maxBet !== null && (
        <Table size="small" aria-labelledby="limits-title">
          <TableHead>
            <TableRow>
              <TableCell>Currency</TableCell>
              <TableCell align="right">Per ticket</TableCell>
              <TableCell align="right">Per event</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {[
              { currency: data.currency, maxBet: data.maxBet, maxEvent: data.maxEvent },
              ...data.perCurrency.filter((c) => c.currency !== data.currency),
            ].map((row) => (
              <TableRow key={row.currency} selected={row.currency === data.currency}>
                <TableCell>{row.currency === data.currency ? `${row.currency} (set)` : row.currency}</TableCell>
                <TableCell align="right">{row.maxBet ?? 'no rate: refused'}</TableCell>
                <TableCell align="right">{row.maxEvent ?? 'no rate: refused'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}
