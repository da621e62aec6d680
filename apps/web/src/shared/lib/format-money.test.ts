import { describe, expect, it } from 'vitest';
import { exactDisplayAmount, formatMoney } from './format-money.ts';
import { testCurrency as currency } from '@/features/wallet/test-fixtures.ts';

const EUR = currency('EUR', 'fiat', 100);
const JPY = currency('JPY', 'fiat', 1);
const BTC = currency('BTC', 'crypto', 100_000_000, { subCurrencies: [currency('mBTC', 'crypto', 1000)] });
const ETH = currency('ETH', 'crypto', 100_000_000);
const USDT = currency('USDT', 'crypto', 1_000_000);

describe('formatMoney', () => {
  it('shows euros with exactly two digits', () => {
    expect(formatMoney(10.5, 'EUR', EUR, 'en')).toBe('€10.50');
    expect(formatMoney(1234567.89, 'EUR', EUR, 'en')).toBe('€1,234,567.89');
    expect(formatMoney(0, 'EUR', EUR, 'en')).toBe('€0.00');
    expect(formatMoney(10.5, 'EUR', EUR, 'de')).toBe('10,50\u00a0€');
  });

  it('uses the digits of the currency (JPY has none)', () => {
    expect(formatMoney(1500, 'JPY', JPY, 'en')).toBe('¥1,500');
  });

  it('shows BTC and ETH in milli units', () => {
    expect(formatMoney(0.0015, 'BTC', BTC, 'en')).toBe('1.50 mBTC');
    expect(formatMoney(2, 'ETH', ETH, 'en')).toBe('2,000.00 mETH');
  });

  it('moves the decimal point on digits instead of multiplying floats', () => {
    // 0.12345678 * 1000 === 123.45678000000001 in floating point.
    expect(0.12345678 * 1000).not.toBe(123.45678);
    expect(exactDisplayAmount(0.12345678, 'BTC', BTC)).toBe('123.45678');
    expect(formatMoney(0.12345678, 'BTC', BTC, 'en')).toBe('123.45678 mBTC');
    expect(formatMoney(0.00000001, 'BTC', BTC, 'en')).toBe('0.00001 mBTC');
  });

  it('never rounds away a digit the currency has', () => {
    expect(formatMoney(1.123456, 'USDT', USDT, 'en')).toBe('1.123456 USDT');
    expect(formatMoney(1.1, 'USDT', USDT, 'en')).toBe('1.10 USDT');
  });

  it('still shows something for a currency the settings do not list', () => {
    expect(formatMoney(3.2, 'USD', undefined, 'en')).toBe('$3.20');
  });
});
