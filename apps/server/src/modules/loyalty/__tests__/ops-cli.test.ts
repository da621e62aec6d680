import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../../ops/cli.ts';

describe('npm run ops -- loyalty …', () => {
  it('reads the commands', () => {
    expect(parseArgs(['loyalty', 'levels'])).toEqual({ command: 'loyalty', body: { action: 'levels' } });
    expect(parseArgs(['loyalty', 'rates'])).toEqual({ command: 'loyalty', body: { action: 'rates' } });
    expect(parseArgs(['loyalty', 'rates', 'set', 'slots', '2', '100'])).toEqual({
      command: 'loyalty',
      body: { action: 'rates-set', gameType: 'slots', points: 2, perMinor: 100 },
    });
    expect(parseArgs(['loyalty', 'account', 'a@b.c'])).toEqual({
      command: 'loyalty',
      body: { action: 'account', player: 'a@b.c' },
    });
    expect(() => parseArgs(['loyalty', 'rates', 'set', 'slots'])).toThrow(/loyalty needs/);
    expect(() => parseArgs(['loyalty'])).toThrow(/loyalty needs/);
  });

  it('reads and checks a levels file on the operator’s side', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-'));
    const good = path.join(dir, 'levels.json');
    fs.writeFileSync(
      good,
      JSON.stringify([
        { name: 'Bronze', points: 0 },
        { name: 'Silver', points: 100, rewardBonus: 'Silver gift' },
      ]),
    );
    expect(parseArgs(['loyalty', 'levels', 'set', good])).toEqual({
      command: 'loyalty',
      body: {
        action: 'levels-set',
        levels: [
          { name: 'Bronze', points: 0 },
          { name: 'Silver', points: 100, rewardBonus: 'Silver gift' },
        ],
      },
    });
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(
      bad,
      JSON.stringify([
        { name: 'Bronze', points: 0 },
        { name: 'Silver', points: 0 },
      ]),
    );
    expect(() => parseArgs(['loyalty', 'levels', 'set', bad])).toThrow(/more points than the one before/);
    fs.rmSync(dir, { recursive: true });
  });
});
