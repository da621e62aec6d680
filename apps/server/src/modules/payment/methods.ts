import { type PaymentMethod } from '@casino/contracts';
import { currencyByCode, type CurrencyInfo } from '../settings/index.ts';

/**
 * The methods the casino offers, per direction and currency. Bounds are set in the base currency and
 * shown in the player's currency, rounded to whole units so presets read well.
 */
type MethodDefinition = {
  method: string;
  processingType: PaymentMethod['processingType'];
  directions: readonly ('deposit' | 'withdrawal')[];
  currencies: readonly string[];
  /** Not offered to visitors from these countries (empty: everywhere). */
  excludedCountries?: readonly string[];
  minBase: number;
  maxBase: number;
  names: Record<string, string>;
  fields: { deposit: PaymentMethod['fields']; withdrawal: PaymentMethod['fields'] };
};

const FIAT = ['EUR', 'USD', 'GBP', 'CAD', 'BRL'];
const IBAN = '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$';

const ibanField: PaymentMethod['fields'][number] = {
  key: 'iban',
  fieldType: 'text',
  type: 'string',
  regexp: IBAN,
  labels: { en: 'IBAN', de: 'IBAN', 'pt-br': 'IBAN' },
  hints: {
    en: 'Your bank account in your own name, e.g. DE89370400440532013000',
    de: 'Ihr eigenes Bankkonto, z. B. DE89370400440532013000',
    'pt-br': 'Sua conta bancária em seu nome, ex. DE89370400440532013000',
  },
  isRequired: true,
  position: 1,
  value: null,
};

export const METHODS: readonly MethodDefinition[] = [
  {
    method: 'card',
    processingType: 'iframe',
    directions: ['deposit'],
    currencies: FIAT,
    minBase: 10,
    maxBase: 5000,
    names: { en: 'Card', de: 'Karte', 'pt-br': 'Cartão' },
    fields: { deposit: [], withdrawal: [] },
  },
  {
    method: 'bank_transfer',
    processingType: 'message',
    directions: ['deposit', 'withdrawal'],
    currencies: FIAT,
    minBase: 20,
    maxBase: 20000,
    names: { en: 'Bank transfer', de: 'Banküberweisung', 'pt-br': 'Transferência bancária' },
    fields: { deposit: [], withdrawal: [ibanField] },
  },
];

/** A base-currency amount in `currency`, rounded to whole units (at least 1 minor unit). */
function fromBase(amountBase: number, currency: CurrencyInfo): number {
  const value = amountBase / currency.rate;
  if (value >= 1) return Math.round(value);
  const digits = Math.max(0, Math.round(Math.log10(currency.subunitToUnit)));
  return Number(value.toFixed(digits));
}

export function findMethod(method: string, direction: 'deposit' | 'withdrawal', currency: string, country?: string) {
  return METHODS.find(
    (m) =>
      m.method === method &&
      m.directions.includes(direction) &&
      m.currencies.includes(currency) &&
      !(country && m.excludedCountries?.includes(country)),
  );
}

/** Bounds of a method in `currency` as major-unit numbers. */
export function boundsOf(definition: MethodDefinition, currency: string): { min: number; max: number } {
  const info = currencyByCode(currency);
  if (!info) return { min: 0, max: 0 };
  return { min: fromBase(definition.minBase, info), max: fromBase(definition.maxBase, info) };
}

export function methodsFor(direction: 'deposit' | 'withdrawal', currency: string, country?: string): PaymentMethod[] {
  return METHODS.filter(
    (m) =>
      m.directions.includes(direction) &&
      m.currencies.includes(currency) &&
      !(country && m.excludedCountries?.includes(country)),
  ).map((m) => {
    const { min, max } = boundsOf(m, currency);
    const presets = [2, 5, 10, 20].map((f) => Math.min(max, min * f));
    return {
      method: m.method,
      type: 'form',
      processingType: m.processingType,
      amountMin: min,
      amountMax: max,
      names: m.names,
      logo: `/media/v1/payment/${m.method}.svg`,
      icon: `/media/v1/payment/${m.method}.svg`,
      presets: presets.map((amount, i) => ({ amount, default: i === 2 })),
      fields: m.fields[direction],
    };
  });
}
