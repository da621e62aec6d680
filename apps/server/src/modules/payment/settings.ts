import { z } from 'zod';
import {
  envSecret,
  invalidConfig,
  missingInProduction,
  refuse,
  rotationIssues,
  settingsSection,
  type SettingsCore,
} from '../../lib/settings.ts';
import { parseRoutes, type PaymentRoute } from './providers/route-rules.ts';

const paymentEnv = {
  /** Where the casino reaches the payment provider's API; default: the sandbox provider on this node. */
  PAYMENT_PROVIDER_URL: z.url().optional(),
  /** HMAC secret shared with the payment provider (API calls and webhooks); derived from the JWT secret when unset. */
  PAYMENT_WEBHOOK_SECRET: envSecret(),
  PAYMENT_WEBHOOK_SECRET_PREVIOUS: envSecret(),
  /** The second payment provider, Orbit (e-wallet, docs/orbit-api.md); default: its sandbox on this node. */
  ORBIT_PROVIDER_URL: z.url().optional(),
  /** HMAC secret shared with Orbit (its calls and webhooks); derived from the JWT secret when unset. */
  ORBIT_SECRET: envSecret(),
  ORBIT_SECRET_PREVIOUS: envSecret(),
  /**
   * Which payment provider serves a method, for a player's country and currency: rules
   * `<method>[/<CUR>,…][@<CC>,…]=<provider>` separated by `;`, the first that matches and whose provider
   * serves the method in that currency wins (`*` is any method). A method no rule gives a provider is
   * not offered. Default: `orbit_wallet=orbit;*=sandbox` (without Orbit in production unless ORBIT_PROVIDER_URL).
   */
  PAYMENT_ROUTES: z
    .string()
    .trim()
    .optional()
    .transform((v, issue) => {
      if (v === undefined) return undefined;
      const routes = parseRoutes(v);
      if (typeof routes === 'string') {
        issue.addIssue({ code: 'custom', message: routes });
        return z.NEVER;
      }
      return routes;
    }),
  /** Withdrawals below this many units of the base currency are sent to the provider without an operator (0: never). */
  WITHDRAWAL_AUTO_APPROVE_BELOW: z.coerce.number().min(0).default(0),
  /**
   * When a withdrawal needs a verified identity (the provider's approval, or an approved identity document):
   * `always` (default), `never`, `above:<amount>` (a withdrawal worth more than that many EUR) or
   * `lifetime:<amount>` (once the player's withdrawals, this one included, pass that many EUR).
   */
  WITHDRAWAL_VERIFICATION: z
    .string()
    .trim()
    .default('always')
    .transform((v, issue) => {
      const match = /^(always|never)$|^(above|lifetime):(\d+(?:\.\d+)?)$/.exec(v.toLowerCase());
      if (match?.[1]) return { rule: match[1] as 'always' | 'never', amount: 0 };
      if (match?.[2]) return { rule: match[2] as 'above' | 'lifetime', amount: Number(match[3]) };
      issue.addIssue({ code: 'custom', message: 'must be always, never, above:<EUR amount> or lifetime:<EUR amount>' });
      return z.NEVER;
    }),
  /** Card, e-wallet, QR and PIX deposits not paid within this many minutes expire (fractions are for tests). */
  DEPOSIT_EXPIRY_MINUTES: z.coerce.number().min(0.01).max(1440).default(30),
  /** Bank transfers wait for the operator longer: days until one not confirmed expires. */
  BANK_TRANSFER_EXPIRY_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** The account players transfer deposits to (demo values outside production; production must set them). */
  BANK_TRANSFER_BENEFICIARY: z.string().trim().min(2).max(100).optional(),
  BANK_TRANSFER_IBAN: z
    .string()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, 'must be an IBAN'))
    .optional(),
  BANK_TRANSFER_BIC: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/, 'must be a BIC (8 or 11 characters)')
    .transform((v) => v.toUpperCase())
    .optional(),
  BANK_TRANSFER_BANK: z.string().trim().min(2).max(100).optional(),
  /** Sandbox payment provider: seconds until a simulated crypto transfer has its confirmations. */
  CRYPTO_CONFIRM_SECONDS: z.coerce.number().int().min(0).max(3600).default(20),
  /** Deposits must be wagered this many times before a withdrawal (0 turns the gate off). */
  TURNOVER_MULTIPLIER: z.coerce.number().min(0).max(100).default(1),
};

type PaymentEnv = z.infer<z.ZodObject<typeof paymentEnv>>;

/**
 * Orbit, the second provider: a real one at ORBIT_PROVIDER_URL with ORBIT_SECRET; else its sandbox at
 * /sandbox/orbit outside production; null in production without it (nothing is routed to it then).
 */
function orbitOf(e: PaymentEnv, production: boolean) {
  if (e.ORBIT_PROVIDER_URL && !e.ORBIT_SECRET)
    throw invalidConfig('ORBIT_SECRET: required with ORBIT_PROVIDER_URL (at least 32 characters)');
  if (production && e.ORBIT_PROVIDER_URL && /\/sandbox\/orbit\/?$/.test(e.ORBIT_PROVIDER_URL))
    throw invalidConfig('ORBIT_PROVIDER_URL: production never uses the sandbox Orbit provider');
  if (!e.ORBIT_PROVIDER_URL && production) return null;
  return {
    sandbox: !e.ORBIT_PROVIDER_URL,
    providerUrl: e.ORBIT_PROVIDER_URL?.replace(/\/$/, '') ?? null,
    secret: e.ORBIT_SECRET ?? null,
    secretPrevious: e.ORBIT_SECRET_PREVIOUS ?? null,
  };
}

/** The routing table: the operator's, or the default; a rule to a provider that is not configured is refused. */
function routesOf(e: PaymentEnv, orbit: ReturnType<typeof orbitOf>): PaymentRoute[] {
  const routes =
    e.PAYMENT_ROUTES ?? (parseRoutes(orbit ? 'orbit_wallet=orbit;*=sandbox' : '*=sandbox') as PaymentRoute[]);
  if (!orbit && routes.some((r) => r.provider === 'orbit'))
    throw invalidConfig(
      'PAYMENT_ROUTES: routes to orbit, which production reaches only at ORBIT_PROVIDER_URL with ORBIT_SECRET',
    );
  return routes;
}

const sandboxPaymentOf = (e: PaymentEnv) => ({
  /** The built-in sandbox provider at /sandbox/pay (never in production). */
  sandbox: !e.PAYMENT_PROVIDER_URL,
  providerUrl: e.PAYMENT_PROVIDER_URL?.replace(/\/$/, '') ?? null,
  secret: e.PAYMENT_WEBHOOK_SECRET ?? null,
  secretPrevious: e.PAYMENT_WEBHOOK_SECRET_PREVIOUS ?? null,
  autoApproveBelow: e.WITHDRAWAL_AUTO_APPROVE_BELOW,
  turnoverMultiplier: e.TURNOVER_MULTIPLIER,
  cryptoConfirmSeconds: e.CRYPTO_CONFIRM_SECONDS,
  withdrawalVerification: e.WITHDRAWAL_VERIFICATION,
  depositExpiryMs: Math.round(e.DEPOSIT_EXPIRY_MINUTES * 60_000),
  bankTransferExpiryMs: e.BANK_TRANSFER_EXPIRY_DAYS * 86_400_000,
  /** Demo defaults outside production (a sandbox account); production refuses to start without them. */
  bankTransfer: {
    beneficiary: e.BANK_TRANSFER_BENEFICIARY ?? 'Casino Demo Ltd',
    iban: e.BANK_TRANSFER_IBAN ?? 'LU280019400644750000',
    bic: e.BANK_TRANSFER_BIC ?? 'BCEELULL',
    bank: e.BANK_TRANSFER_BANK ?? 'Sandbox Bank',
  },
});

/** The payment providers, their secrets and routing, withdrawals' rules, the bank-transfer account. */
function readPayment(e: PaymentEnv, { production }: SettingsCore) {
  refuse(rotationIssues(e, ['PAYMENT_WEBHOOK_SECRET', 'ORBIT_SECRET'], production));
  // Production never talks to the built-in sandbox provider: a real one, the secret shared with it, a real account.
  refuse(
    missingInProduction(
      e,
      [
        ['PAYMENT_PROVIDER_URL', 'the payment provider (the sandbox pays with public test cards)'],
        ['PAYMENT_WEBHOOK_SECRET', 'the secret shared with the payment provider'],
        ['BANK_TRANSFER_BENEFICIARY', 'the account holder bank-transfer deposits go to'],
        ['BANK_TRANSFER_IBAN', 'the IBAN bank-transfer deposits go to'],
        ['BANK_TRANSFER_BIC', 'the BIC of that account'],
      ],
      production,
    ),
  );
  const orbit = orbitOf(e, production);
  return { ...sandboxPaymentOf(e), orbit, routes: routesOf(e, orbit) };
}

export type PaymentSettings = ReturnType<typeof readPayment>;

declare module '../../lib/settings.ts' {
  interface ModuleSettings {
    /** The payment providers (`sandbox`: the built-in one at /sandbox/pay, never in production) and their rules. */
    payment: PaymentSettings;
  }
}

export const paymentSettings = settingsSection('payment', paymentEnv, readPayment);
