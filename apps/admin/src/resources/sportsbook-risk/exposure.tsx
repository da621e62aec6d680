import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Section } from './section.tsx';
import { when, type Exposure, type SportEvent } from './types.ts';

/** The event's state: the sportsbook's when it lists the event, else what the tickets say. */
const stateOf = (row: Exposure, event: SportEvent | undefined) =>
  event
    ? `${event.status}${event.score ? ` ${event.score.home}-${event.score.away}` : ''}`
    : row.started
      ? 'started'
      : 'pre-match';

/**
 * Per event with open tickets: how many, their stakes and what they would pay if all won, in EUR (an
 * accumulator counts in full on each of its events, as the maximum per event counts it).
 */
export function ExposureSection(props: { rows: Exposure[] | null; error: string | null; events: SportEvent[] }) {
  const byId = new Map(props.events.map((e) => [e.id, e]));
  const { rows } = props;
  return (
    <Section id="exposure-title" title="Exposure per event (open tickets)" error={props.error}>
      {rows?.length === 0 && <Typography>No open tickets.</Typography>}
      {rows && rows.length > 0 && (
        <Table size="small" aria-labelledby="exposure-title">
          <TableHead>
            <TableRow>
              <TableCell>Event</TableCell>
              <TableCell>Starts</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Open tickets</TableCell>
              <TableCell align="right">Total stake</TableCell>
              <TableCell align="right">Potential payout</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.eventId}>
                <TableCell>
                  {row.event}
                  <Typography variant="caption" component="div" color="text.secondary">
                    {row.sport} · {row.tournament} · {row.eventId}
                  </Typography>
                </TableCell>
                <TableCell>{when(row.eventDate)}</TableCell>
                <TableCell>{stateOf(row, byId.get(row.eventId))}</TableCell>
                <TableCell align="right">{row.tickets}</TableCell>
                <TableCell align="right">
                  {row.stake} {row.currency}
                </TableCell>
                <TableCell align="right">
                  {row.payout} {row.currency}
                  {row.unpriced && (
                    <Typography variant="caption" component="div" color="error">
                      + tickets in a currency without a rate
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}
