import { describe, expect, it } from 'vitest';
import { lanternAmount, lanternMinor } from '../lantern-wallet.ts';

describe("Lantern's decimal strings", () => {
  it('are minor units exactly, digit by digit', () => {
    expect(lanternMinor('12.50', 100)).toBe(1250n);
    expect(lanternMinor('12.5', 100)).toBe(1250n);
    expect(lanternMinor('0', 100)).toBe(0n);
    expect(lanternMinor('0.1', 100)! + lanternMinor('0.2', 100)!).toBe(30n);
    expect(lanternMinor('0.00000001', 100_000_000)).toBe(1n);
    expect(lanternMinor('7', 1)).toBe(7n);
    expect(lanternMinor('90071992547409.91', 100)).toBe(BigInt(Number.MAX_SAFE_INTEGER));
  });

  it('refuse more decimals than the currency has, signs, exponents and what a JSON number cannot state', () => {
    for (const value of [
      '1.505',
      '1.500',
      '7.0',
      '-1',
      '+1',
      '1e2',
      '.5',
      '1.',
      ' 1',
      '1,0',
      '90071992547409.92',
      '9'.repeat(31),
    ])
      expect(lanternMinor(value, value === '7.0' ? 1 : 100), value).toBeNull();
  });

  it('are written with every decimal of the currency', () => {
    expect(lanternAmount(1250, 100)).toBe('12.50');
    expect(lanternAmount(5n, 100)).toBe('0.05');
    expect(lanternAmount(1n, 100_000_000)).toBe('0.00000001');
    expect(lanternAmount(7, 1)).toBe('7');
  });
});
