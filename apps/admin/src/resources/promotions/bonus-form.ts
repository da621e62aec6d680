import { CURRENCY_SEEDS, DEFAULT_WAGER_CONTRIBUTIONS, toMinor } from '@casino/contracts';
import type { BonusDefinition } from './bonus-types.ts';

/** One row of the form's currencies: major units as typed. */
export type CurrencyRow = {
  currency?: string;
  amount?: string;
  maxBet?: string;
  maxConversion?: string;
  spinStake?: string;
};

/** The create form's values. */
export type BonusForm = {
  name?: string;
  kind?: 'cash' | 'freespins' | 'cashback';
  currencies?: CurrencyRow[];
  wagerMultiplier?: number;
  activationDays?: number;
  wageringDays?: number;
  onePerPerson?: boolean;
  spinGame?: string;
  spinCount?: number;
  cashbackPercentage?: number;
  cashbackPeriod?: 'week' | 'day';
};

export const CURRENCY_CHOICES = CURRENCY_SEEDS.map((c) => ({ id: c.code, name: `${c.code} · ${c.name}` }));
const subunitOf = (code: string) => CURRENCY_SEEDS.find((c) => c.code === code)?.subunitToUnit ?? 100;

const ROW_FIELDS = {
  amount: 'amounts',
  maxBet: 'maxBet',
  maxConversion: 'maxConversion',
  spinStake: 'stakes',
} as const;

/**
 * The definition the `bonus` command takes (amounts in minor units per currency), or the form's errors
 * (an amount with more decimals than its currency has, a currency named twice).
 */
export function definitionOf(
  form: BonusForm,
): { definition: Record<string, unknown> } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const maps = { amounts: {}, maxBet: {}, maxConversion: {}, stakes: {} } as Record<string, Record<string, number>>;
  (form.currencies ?? []).forEach((row, i) => {
    const code = row.currency ?? '';
    if (maps.amounts![code] !== undefined) errors[`currencies.${i}.currency`] = 'Named twice';
    for (const [field, map] of Object.entries(ROW_FIELDS)) {
      const typed = (row[field as keyof CurrencyRow] ?? '').trim();
      if (!typed && field !== 'amount') continue;
      const minor = toMinor(typed || '0', subunitOf(code));
      if (minor === null || minor < 0n || minor > BigInt(Number.MAX_SAFE_INTEGER))
        errors[`currencies.${i}.${field}`] = `An amount in ${code}, at most ${Math.log10(subunitOf(code))} decimals`;
      else maps[map]![code] = Number(minor);
    }
  });
  if (Object.keys(errors).length > 0) return { errors };
  const { kind = 'cash' } = form;
  return {
    definition: {
      name: form.name ?? '',
      type: kind === 'freespins' ? 3 : 1,
      amounts: maps.amounts,
      wagerMultiplier: form.wagerMultiplier ?? 0,
      maxBet: maps.maxBet,
      maxConversion: maps.maxConversion,
      activationDays: form.activationDays ?? 30,
      wageringDays: form.wageringDays ?? 30,
      onePerPerson: form.onePerPerson ?? false,
      ...(kind === 'freespins'
        ? { freespins: { count: form.spinCount ?? 0, game: form.spinGame ?? '', stakes: maps.stakes } }
        : {}),
      ...(kind === 'cashback'
        ? { cashback: { percentage: form.cashbackPercentage ?? 0, period: form.cashbackPeriod ?? 'week' } }
        : {}),
    },
  };
}

/** Where the server's field errors (`definition.maxBet.EUR`, `freespins`) go on the form. */
export function formFieldOf(form: BonusForm) {
  const rowOf = (code: string) => (form.currencies ?? []).findIndex((row) => row.currency === code);
  return (key: string): string | null => {
    const path = key.replace(/^definition\./, '').split('.');
    const [head, second, third] = path;
    if (head === 'freespins')
      return second === 'count'
        ? 'spinCount'
        : second === 'stakes' && third
          ? `currencies.${rowOf(third)}.spinStake`
          : 'spinGame';
    if (head === 'cashback') return 'cashbackPercentage';
    const rowField = Object.entries(ROW_FIELDS).find(([, map]) => map === head)?.[0];
    if (rowField) return second && rowOf(second) >= 0 ? `currencies.${rowOf(second)}.${rowField}` : 'currencies';
    return path.join('.');
  };
}

/** The form as the preview card reads it (major units as typed). */
export function previewOf(form: BonusForm) {
  const rows = (form.currencies ?? []).filter((row) => row.currency);
  const byCurrency = (field: keyof CurrencyRow) =>
    Object.fromEntries(rows.filter((r) => r[field]).map((r) => [r.currency!, String(r[field])]));
  return {
    name: form.name ?? '',
    type: form.kind === 'freespins' ? 3 : 1,
    amounts: Object.fromEntries(rows.map((r) => [r.currency!, r.amount || '0'])),
    depositPercentage: null,
    maxAmounts: {},
    maxBet: byCurrency('maxBet'),
    maxConversion: byCurrency('maxConversion'),
    freespins:
      form.kind === 'freespins'
        ? {
            count: form.spinCount ?? 0,
            game: form.spinGame ? { identity: form.spinGame, name: form.spinGame } : null,
            stakes: byCurrency('spinStake'),
          }
        : null,
    cashback:
      form.kind === 'cashback'
        ? { percentage: form.cashbackPercentage ?? 0, period: form.cashbackPeriod ?? 'week' }
        : null,
    wagerMultiplier: form.wagerMultiplier ?? 0,
    contributions: DEFAULT_WAGER_CONTRIBUTIONS,
    excludedGames: [],
    activationDays: form.activationDays ?? 30,
    wageringDays: form.wageringDays ?? 30,
  } satisfies Omit<
    BonusDefinition,
    | 'id'
    | 'enabled'
    | 'deposit'
    | 'package'
    | 'promotional'
    | 'onePerPerson'
    | 'availableFrom'
    | 'availableTo'
    | 'wagerMultiplierWritten'
    | 'createdAt'
  >;
}
