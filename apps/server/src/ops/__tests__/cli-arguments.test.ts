import { describe, expect, it } from 'vitest';
import { bonusCommand } from '../../modules/bonus/commands.ts';
import { parseArgs, withFields } from '../cli.ts';

/** A bad argument is named with the format it wants, not answered with "The request is not valid". */
describe('the CLI names the argument it refuses', () => {
  it('checks a day before sending anything', () => {
    expect(() => parseArgs(['bonus', 'cashback', 'run', '--period-start', '2026/11/23'])).toThrow(
      /--period-start: "2026\/11\/23" is not a day; expected YYYY-MM-DD \(e\.g\. 2026-11-23\)/,
    );
    expect(() => parseArgs(['bonus', 'cashback', 'run', '--period-start', '2026-02-30'])).toThrow(/--period-start/);
    expect(parseArgs(['bonus', 'cashback', 'run', '--period-start', '2026-11-23'])).toEqual({
      command: 'bonus',
      body: { action: 'cashback', periodStart: '2026-11-23' },
    });
  });

  it('names the option of a code whose date is not a date-time', () => {
    expect(() => parseArgs(['bonus', 'code', 'create', 'XMAS', 'Reload 25%', '--from', '24.12.2026'])).toThrow(
      /--from \(an ISO date-time, e\.g\. 2026-12-01T00:00:00Z\)/,
    );
  });

  it("takes events list, show, retry and skip with a parked event's number, and refuses anything else", () => {
    expect(parseArgs(['events'])).toEqual({ command: 'events', body: { action: 'list' } });
    expect(parseArgs(['events', 'list'])).toEqual({ command: 'events', body: { action: 'list' } });
    expect(parseArgs(['events', 'retry', '#12'])).toEqual({ command: 'events', body: { action: 'retry', id: 12 } });
    expect(parseArgs(['events', 'skip', '7'])).toEqual({ command: 'events', body: { action: 'skip', id: 7 } });
    expect(() => parseArgs(['events', 'retry', 'all'])).toThrow(/events retry: "all" is not a parked event's number/);
    expect(() => parseArgs(['events', 'show'])).toThrow(/events needs list \| show <id> \| retry <id> \| skip <id>/);
    expect(() => parseArgs(['events', 'drop', '1'])).toThrow(/events needs/);
  });

  it('shows the fields of a refusal as the arguments typed', () => {
    // Each command names its own fields' arguments (the bonus command's periodStart is --period-start).
    expect(
      withFields('The request is not valid', { periodStart: ['A day as YYYY-MM-DD'] }, bonusCommand.argumentOf),
    ).toBe('The request is not valid:\n  --period-start: A day as YYYY-MM-DD');
    expect(withFields('Player not found', undefined)).toBe('Player not found');
  });
});
