import { useState } from 'react';
import { useCanAccess } from 'react-admin';
import { Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { command } from '../../http.ts';
import { ActionButton } from '../action-button.tsx';
import { CommandDialog } from '../command-dialog.tsx';
import { useAdminData } from '../server-fields.ts';
import { Section } from './section.tsx';
import type { Restriction } from './types.ts';

const where = (country: string) => (country === '*' ? 'every country' : country);

/** Adds a restriction (`sportsbook-risk restrict`): the server checks the sport or event with the sportsbook. */
function AddRestriction({ onDone }: { onDone: () => void }) {
  const { canAccess } = useCanAccess({ action: 'write', resource: 'sportsbook-risk' });
  const [open, setOpen] = useState(false);
  if (!canAccess) return null;
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Add a restriction
      </Button>
      <CommandDialog
        title="Restrict bets"
        submit="Restrict"
        open={open}
        onClose={() => setOpen(false)}
        onDone={onDone}
        run={async ({ country, kind, ref }) =>
          (
            await command<{ message: string }>('sportsbook-risk', {
              action: 'restrict',
              country: (country ?? '').toUpperCase(),
              kind,
              ref,
            })
          ).data.message
        }
        fields={[
          {
            name: 'country',
            label: 'Country',
            helperText: 'Two letters (DE), or * for every country',
            maxLength: 2,
            pattern: '[A-Za-z]{2}|\\*',
          },
          {
            name: 'kind',
            label: 'What',
            options: [
              { value: 'sport', label: 'A sport' },
              { value: 'event', label: 'An event' },
            ],
          },
          {
            name: 'ref',
            label: 'Sport slug or event id',
            helperText: 'e.g. football, or an event id from the events below',
            maxLength: 100,
            pattern: '\\S+',
          },
        ]}
      />
    </>
  );
}

/** The sports and events not taken, per country, each with its removal. */
export function RestrictionsSection() {
  const { data, error, reload } = useAdminData<Restriction[]>('/sportsbook/restrictions');
  return (
    <Section
      id="restrictions-title"
      title="Restricted sports and events"
      error={error}
      actions={<AddRestriction onDone={reload} />}
    >
      {data?.length === 0 && <Typography>None: every sport and event is taken wherever sports bets are.</Typography>}
      {data && data.length > 0 && (
        <Table size="small" aria-labelledby="restrictions-title">
          <TableHead>
            <TableRow>
              <TableCell>Country</TableCell>
              <TableCell>Kind</TableCell>
              <TableCell>Sport or event</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((r) => (
              <TableRow key={`${r.country}:${r.kind}:${r.ref}`}>
                <TableCell>{where(r.country)}</TableCell>
                <TableCell>{r.kind}</TableCell>
                <TableCell>{r.ref}</TableCell>
                <TableCell align="right">
                  <ActionButton
                    resource="sportsbook-risk"
                    label="Remove"
                    color="error"
                    confirm={`Bets on ${r.kind} ${r.ref} are taken again in ${where(r.country)} (other rules may still apply).`}
                    onDone={reload}
                    run={async () =>
                      (await command<{ message: string }>('sportsbook-risk', { action: 'unrestrict', ...r })).data
                        .message
                    }
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}
