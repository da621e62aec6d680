import { useState } from 'react';
import { Button, useCanAccess } from 'react-admin';
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { command } from '../../http.ts';
import { ActionButton } from '../action-button.tsx';
import { CommandDialog } from '../command-dialog.tsx';
import { Section } from './section.tsx';
import { when, type Events, type SportEvent } from './types.ts';

const title = (e: SportEvent) => `${e.home} – ${e.away}`;
const SCORE = { inputMode: 'numeric' as const, pattern: '\\d{1,3}', maxLength: 3 };

/** Settles an ended event with its final score (`sportsbook-provider settle`), after the trader types it. */
function Settle({ event, ended, onDone }: { event: SportEvent; ended: boolean; onDone: () => void }) {
  const { canAccess } = useCanAccess({ action: 'write', resource: 'sportsbook-risk' });
  const [open, setOpen] = useState(false);
  if (!canAccess) return null;
  return (
    <>
      <Button label="Settle" disabled={!ended} onClick={() => setOpen(true)} />
      <CommandDialog
        title={`Settle ${title(event)}`}
        intro="Every ticket on it is settled with this final score; the players are paid at once."
        submit="Settle"
        open={open}
        onClose={() => setOpen(false)}
        onDone={onDone}
        rename={(key) => (key === 'score' ? 'home' : null)}
        run={async ({ home, away }) =>
          (
            await command<{ message: string }>('sportsbook-provider', {
              action: 'settle',
              event: event.id,
              home: Number(home),
              away: Number(away),
            })
          ).data.message
        }
        fields={[
          { name: 'home', label: `${event.home} (home)`, ...SCORE },
          { name: 'away', label: `${event.away} (away)`, ...SCORE },
        ]}
      />
    </>
  );
}

/**
 * The sandbox sportsbook's events a trader may settle (once ended, in simulated time) or void (at any
 * time: its selections are void, all-void tickets are refunded).
 */
export function EventsSection(props: {
  data: Events | null;
  error: string | null;
  status: number | null;
  onDone: () => void;
}) {
  const { data } = props;
  const simulated = data ? Date.parse(data.simulatedAt) : 0;
  // No such route: the sportsbook is a real provider's, not the sandbox.
  const provider = props.status === 404;
  return (
    <Section id="events-title" title="Events to settle or void" error={provider ? null : props.error}>
      {provider && (
        <Typography>The sportsbook is a provider&apos;s: its events are settled in its own back office.</Typography>
      )}
      {data && (
        <Typography variant="body2" color="text.secondary">
          The sandbox sportsbook&apos;s time: {when(data.simulatedAt)} (×{data.speed}). An event can be settled once it
          has ended.
        </Typography>
      )}
      {data?.events.length === 0 && <Typography>No open events.</Typography>}
      {data && data.events.length > 0 && (
        <Table size="small" aria-labelledby="events-title">
          <TableHead>
            <TableRow>
              <TableCell>Event</TableCell>
              <TableCell>Starts</TableCell>
              <TableCell>Status</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.events.map((event) => (
              <TableRow key={event.id}>
                <TableCell>
                  {title(event)}
                  <Typography variant="caption" component="div" color="text.secondary">
                    {event.sport} · {event.league} · {event.id}
                  </Typography>
                </TableCell>
                <TableCell>{when(event.startsAt)}</TableCell>
                <TableCell>
                  {event.status}
                  {event.score ? ` ${event.score.home}-${event.score.away}` : ''} {event.clock ?? ''}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Settle
                    event={event}
                    ended={Date.parse(event.endsAt) <= simulated || event.status === 'ended'}
                    onDone={props.onDone}
                  />
                  <ActionButton
                    resource="sportsbook-risk"
                    label="Void"
                    color="error"
                    confirm={`${title(event)} is voided: its selections are void and tickets with only void selections are refunded. This cannot be undone.`}
                    onDone={props.onDone}
                    run={async () =>
                      (await command<{ message: string }>('sportsbook-provider', { action: 'void', event: event.id }))
                        .data.message
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
