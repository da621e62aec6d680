import { z } from 'zod';
import { text } from './text.ts';

export const currencySchema: z.ZodType<Currency> = z.lazy(() =>
  z.object({
    code: text(),
    name: text(),
    symbol: text(),
    type: z.enum(['fiat', 'crypto']),
    isBase: z.boolean(),
    isEnabled: z.boolean(),
    subunitToUnit: z.number().int(),
    rate: z.object({ rate: z.number(), rateTime: text() }),
    subCurrencies: z.array(currencySchema).optional(),
  }),
);
export type Currency = {
  code: string;
  name: string;
  symbol: string;
  type: 'fiat' | 'crypto';
  isBase: boolean;
  isEnabled: boolean;
  subunitToUnit: number;
  rate: { rate: number; rateTime: string };
  subCurrencies?: Currency[];
};

export const localeSchema = z.object({
  code: text(),
  name: text(),
  nativeName: text(),
  languageCode: text(),
  isDefault: z.boolean(),
});
export type Locale = z.infer<typeof localeSchema>;

export const countrySchema = z.object({
  code: text(),
  name: text(),
  nativeName: text(),
  phonePrefix: text(),
  currency: text(),
  locale: text(),
  additionalCurrency: z.array(text()),
  restrict: z.boolean(),
  restrictType: z.union([z.literal(1), z.literal(2)]).optional(),
});
export type Country = z.infer<typeof countrySchema>;

/** Countries the product never offers in its country list (and treats as closed when a visitor comes from one). */
export const EXCLUDED_COUNTRY_CODES = ['US', 'UM', 'GB', 'FR', 'NL', 'AW', 'CW', 'MF'] as const;

/** Public feature settings the web app needs at start (GET /api/player/init). */
export const playerInitSchema = z.object({
  country: text(),
  restricted: z.boolean(),
  restrictType: z.union([z.literal(1), z.literal(2)]).nullable(),
  features: z.object({
    sportsbook: z.boolean(),
    loyalty: z.boolean(),
    quests: z.boolean(),
    documents: z.boolean(),
  }),
  /** Social sign-in (OpenID Connect, Auth0's API): where and as which client; null when off. */
  social: z.object({ domain: text(), clientId: text(), connections: z.array(text()) }).nullable(),
  /** Identity verification: the provider's page (opened with `?token=`); null when not offered. */
  kyc: z.object({ sdkUrl: text() }).nullable(),
  /** The third-party support chat's key (Zendesk); null: the built-in live chat. */
  supportWidgetKey: text().nullable(),
  /** Minutes between reality-check reminders for a player who has not chosen their own. */
  realityCheckMinutes: z.number(),
  /**
   * The sportsbook provider (null: no sportsbook): the client's host, whose origin is the only one the
   * betting page accepts frame messages from, and the operator's client id (the home widgets ask with it).
   */
  sportsbook: z.object({ host: text(), clientId: text() }).nullable(),
});
export type PlayerInit = z.infer<typeof playerInitSchema>;

export const currenciesQuerySchema = z.object({ visible: z.enum(['0', '1']).optional() });
export const fieldsQuerySchema = z.object({ scenario: z.enum(['registration', 'profile']) });
