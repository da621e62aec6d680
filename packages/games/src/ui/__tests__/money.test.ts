import { describe, expect, it } from 'vitest';
import { chipLabel, formatMoney, formatMultiplier, minorToDecimal } from '../shell/money.ts';

describe('money display', () => {
  it('formats minor units of a 2-decimal currency with its symbol', () => {
    expect(formatMoney(123456, { currency: 'EUR', subunitToUnit: 100 })).toBe('€1,234.56');
    expect(formatMoney(5, { currency: 'USD', subunitToUnit: 100 })).toBe('$0.05');
    expect(formatMoney(0, { currency: 'EUR', subunitToUnit: 100 })).toBe('€0.00');
  });

  it('keeps every digit of large and 8-decimal amounts (no float division)', () => {
    expect(formatMoney(900719925474099, { currency: 'EUR', subunitToUnit: 100 })).toBe('€9,007,199,254,740.99');
    expect(formatMoney(12345, { currency: 'BTC', subunitToUnit: 100_000_000 })).toMatch(/^BTC\s0\.00012345$/);
  });

  it('shows negatives and currencies without decimals', () => {
    expect(formatMoney(-250, { currency: 'EUR', subunitToUnit: 100 })).toBe('-€2.50');
    expect(formatMoney(1500, { currency: 'JPY', subunitToUnit: 1 })).toBe('¥1,500');
  });

  it('falls back to "amount CODE" for codes Intl does not accept', () => {
    expect(formatMoney(123456789, { currency: 'USDT20', subunitToUnit: 1_000_000 })).toBe('123.456789 USDT20');
  });

  it('uses the player locale when given', () => {
    expect(formatMoney(123456, { currency: 'EUR', subunitToUnit: 100 }, 'de')).toBe('1.234,56\u00a0€');
  });

  it('refuses amounts that are not integer minor units', () => {
    expect(() => minorToDecimal(1.5, 100)).toThrow();
    expect(() => minorToDecimal(1, 3)).toThrow();
  });

  it('labels chips compactly', () => {
    expect(chipLabel(100, 100)).toBe('1');
    expect(chipLabel(50, 100)).toBe('0.5');
    expect(chipLabel(250_000, 100)).toBe('2.5K');
    expect(chipLabel(100, 1)).toBe('100');
    expect(chipLabel(300_000_000, 100)).toBe('3M');
  });

  it('writes multipliers with two decimals', () => {
    expect(formatMultiplier(2)).toBe('2.00×');
    expect(formatMultiplier(1.015)).toMatch(/^1\.0[12]×$/);
  });
});
