import { describe, expect, it } from 'vitest';
import { formatMinor, toMajor, toMinor } from '../money.ts';

describe('money', () => {
  it('converts major units to exact minor units without float drift', () => {
    expect(toMinor(0.1, 100)).toBe(10n);
    expect(toMinor(0.3, 100)).toBe(30n);
    expect(toMinor(19.99, 100)).toBe(1999n);
    expect(toMinor('1234567.89', 100)).toBe(123456789n);
    expect(toMinor(0.00000001, 100_000_000)).toBe(1n);
    expect(toMinor(21_000_000, 100_000_000)).toBe(2_100_000_000_000_000n);
    expect(toMinor(-5.5, 100)).toBe(-550n);
  });

  it('refuses amounts with more decimals than the currency has, and junk', () => {
    expect(toMinor(0.001, 100)).toBeNull();
    expect(toMinor('1e3', 100)).toBeNull();
    expect(toMinor(Number.NaN, 100)).toBeNull();
    expect(toMinor(Number.POSITIVE_INFINITY, 100)).toBeNull();
    expect(toMinor('12,50', 100)).toBeNull();
  });

  it('formats minor units back to major units', () => {
    expect(formatMinor(1999n, 100)).toBe('19.99');
    expect(formatMinor(5n, 100)).toBe('0.05');
    expect(formatMinor(-5n, 100)).toBe('-0.05');
    expect(formatMinor(1n, 100_000_000)).toBe('0.00000001');
    expect(formatMinor(7n, 1)).toBe('7');
    expect(toMajor(10n + 20n, 100)).toBe(0.3);
  });

  it('accepts only powers of ten up to 1e8 as a scale', () => {
    expect(() => toMinor(1, 3)).toThrow();
    expect(() => toMinor(1, 1e9)).toThrow();
  });
});
