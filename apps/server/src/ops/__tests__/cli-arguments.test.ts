import { describe, expect, it } from 'vitest';
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

  it('shows the fields of a refusal as the arguments typed', () => {
    expect(withFields('The request is not valid', { periodStart: ['A day as YYYY-MM-DD'] })).toBe(
      'The request is not valid:\n  --period-start: A day as YYYY-MM-DD',
    );
    expect(withFields('Player not found', undefined)).toBe('Player not found');
  });
});
