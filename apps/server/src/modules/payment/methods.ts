import { type PaymentMethod } from '@casino/contracts';
import { currencyByCode, type CurrencyInfo } from '../settings/index.ts';

/**
 * The methods the casino offers, per direction and currency. Bounds are set in the base currency and
 * shown in the player's currency as round numbers (R$50, not R$59), so minimums and presets read well.
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
  /** Crypto: an address form, fields built per currency. */
  crypto?: boolean;
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

const cpfField: PaymentMethod['fields'][number] = {
  key: 'cpf_number',
  fieldType: 'cpf',
  type: 'string',
  regexp: '^\\d{3}\\.?\\d{3}\\.?\\d{3}-?\\d{2}$',
  labels: { en: 'CPF', de: 'CPF', 'pt-br': 'CPF' },
  hints: {
    en: 'Your Brazilian taxpayer number, e.g. 123.456.789-09',
    de: 'Ihre brasilianische Steuernummer, z. B. 123.456.789-09',
    'pt-br': 'Seu CPF, ex. 123.456.789-09',
  },
  isRequired: true,
  position: 1,
  value: null,
};

const orbitEmailField: PaymentMethod['fields'][number] = {
  key: 'orbit_email',
  fieldType: 'text',
  type: 'string',
  regexp: '^[^@\\s]{1,64}@[^@\\s]{1,189}\\.[^@\\s]{2,63}$',
  labels: { en: 'Orbit account (e-mail)', de: 'Orbit-Konto (E-Mail)', 'pt-br': 'Conta Orbit (e-mail)' },
  hints: {
    en: 'The e-mail address of your own Orbit Wallet',
    de: 'Die E-Mail-Adresse Ihres eigenen Orbit Wallets',
    'pt-br': 'O e-mail da sua própria Orbit Wallet',
  },
  isRequired: true,
  position: 1,
  value: null,
};

/** Networks per crypto currency, with the address each uses (withdrawals check it). */
export const CRYPTO_NETWORKS: Record<string, { id: string; name: string; regex: string; tag?: boolean }[]> = {
  BTC: [{ id: 'bitcoin', name: 'Bitcoin', regex: '^(bc1|[13])[a-zA-HJ-NP-Z0-9]{25,62}$' }],
  ETH: [{ id: 'erc20', name: 'Ethereum (ERC-20)', regex: '^0x[a-fA-F0-9]{40}$' }],
  USDT: [
    { id: 'erc20', name: 'Ethereum (ERC-20)', regex: '^0x[a-fA-F0-9]{40}$' },
    { id: 'trc20', name: 'Tron (TRC-20)', regex: '^T[1-9A-HJ-NP-Za-km-z]{33}$' },
  ],
  LTC: [{ id: 'litecoin', name: 'Litecoin', regex: '^(ltc1|[LM])[a-zA-HJ-NP-Z0-9]{25,62}$' }],
  XRP: [{ id: 'xrp', name: 'XRP Ledger', regex: '^r[1-9A-HJ-NP-Za-km-z]{24,34}$', tag: true }],
};

function networkField(currency: string, minBase: number, maxBase: number): PaymentMethod['fields'][number] {
  const info = currencyByCode(currency);
  return {
    key: 'crypto_network',
    fieldType: 'select',
    type: 'string',
    regexp: '^[a-z0-9]+$',
    labels: { en: 'Network', de: 'Netzwerk', 'pt-br': 'Rede' },
    hints: {
      en: 'Send only on this network, or the transfer is lost',
      de: 'Nur über dieses Netzwerk senden, sonst geht die Überweisung verloren',
      'pt-br': 'Envie somente por esta rede, ou a transferência se perde',
    },
    isRequired: true,
    position: 1,
    value: CRYPTO_NETWORKS[currency]?.[0]?.id ?? null,
    options: (CRYPTO_NETWORKS[currency] ?? []).map((n) => ({
      id: n.id,
      name: n.name,
      minAmount: info ? fromBase(minBase, info) : 0,
      maxAmount: info ? fromBase(maxBase, info, ONE_DIGIT) : 0,
      regex: n.regex,
    })),
  };
}

const cryptoAddressField = (currency: string): PaymentMethod['fields'] => [
  {
    key: 'address',
    fieldType: 'text',
    type: 'string',
    regexp: (CRYPTO_NETWORKS[currency] ?? []).map((n) => `(${n.regex})`).join('|') || '^$',
    labels: { en: 'Wallet address', de: 'Wallet-Adresse', 'pt-br': 'Endereço da carteira' },
    hints: {
      en: 'Your own address on the chosen network',
      de: 'Ihre eigene Adresse im gewählten Netzwerk',
      'pt-br': 'Seu endereço na rede escolhida',
    },
    isRequired: true,
    position: 2,
    value: null,
  },
  ...(CRYPTO_NETWORKS[currency]?.some((n) => n.tag)
    ? [
        {
          key: 'tag',
          fieldType: 'text',
          type: 'string',
          regexp: '^\\d{1,10}$',
          labels: { en: 'Destination tag', de: 'Destination Tag', 'pt-br': 'Tag de destino' },
          hints: {
            en: 'Needed by most exchanges',
            de: 'Von den meisten Börsen verlangt',
            'pt-br': 'Exigida pela maioria das corretoras',
          },
          isRequired: false,
          position: 3,
          value: null,
        },
      ]
    : []),
];

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
    method: 'ewallet',
    processingType: 'form',
    directions: ['deposit'],
    currencies: ['EUR', 'USD', 'GBP', 'CAD'],
    minBase: 10,
    maxBase: 3000,
    names: { en: 'Sandbox Wallet', de: 'Sandbox Wallet', 'pt-br': 'Sandbox Wallet' },
    fields: { deposit: [], withdrawal: [] },
  },
  {
    method: 'pix',
    processingType: 'asyncRedirect',
    directions: ['deposit'],
    currencies: ['BRL'],
    minBase: 1,
    maxBase: 2000,
    names: { en: 'PIX', de: 'PIX', 'pt-br': 'PIX' },
    fields: { deposit: [cpfField], withdrawal: [] },
  },
  {
    method: 'qr_pay',
    processingType: 'qr',
    directions: ['deposit'],
    currencies: ['EUR'],
    minBase: 5,
    maxBase: 1000,
    names: { en: 'Pay by QR', de: 'Per QR zahlen', 'pt-br': 'Pagar com QR' },
    fields: { deposit: [], withdrawal: [] },
  },
  {
    method: 'crypto',
    processingType: 'qr',
    directions: ['deposit', 'withdrawal'],
    currencies: Object.keys(CRYPTO_NETWORKS),
    minBase: 10,
    maxBase: 50000,
    names: { en: 'Crypto', de: 'Krypto', 'pt-br': 'Cripto' },
    fields: { deposit: [], withdrawal: [] },
    crypto: true,
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
  {
    // Orbit's e-wallet (the second provider, docs/orbit-api.md): approved on Orbit's page, paid out to an Orbit account.
    method: 'orbit_wallet',
    processingType: 'form',
    directions: ['deposit', 'withdrawal'],
    currencies: ['EUR', 'USD', 'GBP', 'CAD'],
    minBase: 10,
    maxBase: 3000,
    names: { en: 'Orbit Wallet', de: 'Orbit Wallet', 'pt-br': 'Orbit Wallet' },
    fields: { deposit: [], withdrawal: [orbitEmailField] },
  },
];

/** Round numbers a player reads at a glance (R$50, not R$59): minimums and presets. */
const ROUND_STEPS = [1, 2, 2.5, 5, 10];
const ONE_DIGIT = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** The nearest `steps` × 10ⁿ (nearest on a log scale), not below the currency's smallest unit. */
function roundAmount(value: number, currency: CurrencyInfo, steps: readonly number[]): number {
  if (!(value > 0)) return 0;
  const power = Math.floor(Math.log10(value));
  const mantissa = value / 10 ** power;
  const step = steps.reduce((best, s) =>
    Math.abs(Math.log(s / mantissa)) < Math.abs(Math.log(best / mantissa)) ? s : best,
  );
  const digits = Math.max(0, Math.round(Math.log10(currency.subunitToUnit)));
  return Math.max(Number((step * 10 ** power).toFixed(digits)), 1 / currency.subunitToUnit);
}

/** A base-currency bound in `currency`, as a round number. */
function fromBase(amountBase: number, currency: CurrencyInfo, steps: readonly number[] = ROUND_STEPS): number {
  return roundAmount(amountBase / currency.rate, currency, steps);
}

/** The fields a method asks for in a direction and currency. */
export function fieldsOf(definition: MethodDefinition, direction: 'deposit' | 'withdrawal', currency: string) {
  return (
    methodsFor(direction, currency).find((m) => m.method === definition.method)?.fields ?? definition.fields[direction]
  );
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
  return { min: fromBase(definition.minBase, info), max: fromBase(definition.maxBase, info, ONE_DIGIT) };
}

export function methodsFor(direction: 'deposit' | 'withdrawal', currency: string, country?: string): PaymentMethod[] {
  return METHODS.filter(
    (m) =>
      m.directions.includes(direction) &&
      m.currencies.includes(currency) &&
      !(country && m.excludedCountries?.includes(country)),
  ).map((m) => {
    const { min, max } = boundsOf(m, currency);
    const info = currencyByCode(currency);
    const presets = [
      ...new Set([2, 5, 10, 20].map((f) => Math.min(max, info ? roundAmount(min * f, info, ROUND_STEPS) : min * f))),
    ];
    const fields = m.crypto
      ? [
          networkField(currency, m.minBase, m.maxBase),
          ...(direction === 'withdrawal' ? cryptoAddressField(currency) : []),
        ]
      : m.fields[direction];
    return {
      method: m.method,
      type: m.crypto ? 'address' : 'form',
      processingType: m.processingType,
      amountMin: min,
      amountMax: max,
      names: m.names,
      logo: `/media/v1/payment/${m.method}.svg`,
      icon: `/media/v1/payment/${m.method}.svg`,
      presets: presets.map((amount, i) => ({ amount, default: i === 2 })),
      fields,
    };
  });
}
