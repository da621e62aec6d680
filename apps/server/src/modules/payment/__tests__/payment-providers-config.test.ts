import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { PRODUCTION_ENV } from '../../../test/server.ts';

/** The payment providers' settings: each its own URL and secret, a routing table, and production's refusals. */
const production =
  (env: Record<string, string> = {}) =>
  () =>
    loadConfig({ ...PRODUCTION_ENV, ...env });

describe('payment providers and routing in the configuration', () => {
  it('outside production: both sandbox providers, Orbit’s e-wallet routed to Orbit, everything else to the first', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.payment.orbit).toEqual({ sandbox: true, providerUrl: null, secret: null, secretPrevious: null });
    expect(config.payment.routes).toEqual([
      { method: 'orbit_wallet', currencies: [], countries: [], provider: 'orbit' },
      { method: '*', currencies: [], countries: [], provider: 'sandbox' },
    ]);
  });

  it('reads an operator’s table: methods, currencies, countries and providers', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      PAYMENT_ROUTES: 'orbit_wallet/EUR,GBP@DE,AT=orbit; card=sandbox',
    });
    expect(config.payment.routes).toEqual([
      { method: 'orbit_wallet', currencies: ['EUR', 'GBP'], countries: ['DE', 'AT'], provider: 'orbit' },
      { method: 'card', currencies: [], countries: [], provider: 'sandbox' },
    ]);
    expect(() => loadConfig({ PAYMENT_ROUTES: 'card->sandbox' })).toThrow(
      /PAYMENT_ROUTES: the rule "card->sandbox" is not/,
    );
    expect(() => loadConfig({ PAYMENT_ROUTES: 'card=acme' })).toThrow(
      /PAYMENT_ROUTES: the rule "card=acme" names acme/,
    );
    expect(() => loadConfig({ PAYMENT_ROUTES: ' ; ' })).toThrow(/PAYMENT_ROUTES: no rule given/);
  });

  it('production: no Orbit unless a real one is named, and nothing routed to an Orbit it does not have', () => {
    const config = production()();
    expect(config.payment.orbit).toBeNull();
    expect(config.payment.routes).toEqual([{ method: '*', currencies: [], countries: [], provider: 'sandbox' }]);
    expect(production({ PAYMENT_ROUTES: 'orbit_wallet=orbit;*=sandbox' })).toThrow(/PAYMENT_ROUTES: routes to orbit/);
    const real = production({ ORBIT_PROVIDER_URL: 'https://api.orbit.example/', ORBIT_SECRET: 'o'.repeat(40) })();
    expect(real.payment.orbit).toEqual({
      sandbox: false,
      providerUrl: 'https://api.orbit.example',
      secret: 'o'.repeat(40),
      secretPrevious: null,
    });
    expect(real.payment.routes.map((r) => r.provider)).toEqual(['orbit', 'sandbox']);
  });

  it('production refuses the sandbox Orbit, Orbit without its own secret, and a published or repeated secret', () => {
    expect(production({ ORBIT_PROVIDER_URL: 'https://api.orbit.example' })).toThrow(
      /ORBIT_SECRET: required with ORBIT_PROVIDER_URL/,
    );
    expect(
      production({ ORBIT_PROVIDER_URL: 'https://casino.example/sandbox/orbit', ORBIT_SECRET: 'o'.repeat(40) }),
    ).toThrow(/ORBIT_PROVIDER_URL: production never uses the sandbox Orbit/);
    for (const [name, value] of [
      ['ORBIT_SECRET', 'demo-only-secret-never-use-in-production-0000'],
      ['ORBIT_SECRET_PREVIOUS', 'example-secret-0123456789abcdef0123456789abcdef'],
    ])
      expect(
        production({ ORBIT_PROVIDER_URL: 'https://api.orbit.example', ORBIT_SECRET: 'o'.repeat(40), [name!]: value! }),
      ).toThrow(new RegExp(`${name}: a published demo value`));
    expect(() => loadConfig({ ORBIT_SECRET_PREVIOUS: 'p'.repeat(40) })).toThrow(
      /ORBIT_SECRET_PREVIOUS: set only beside ORBIT_SECRET/,
    );
    expect(() => loadConfig({ ORBIT_SECRET: 'p'.repeat(40), ORBIT_SECRET_PREVIOUS: 'p'.repeat(40) })).toThrow(
      /ORBIT_SECRET_PREVIOUS: the same value as ORBIT_SECRET/,
    );
    // A short secret is refused and never echoed.
    let message = '';
    try {
      loadConfig({ ORBIT_SECRET: 'short-secret-value' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/ORBIT_SECRET: must be at least 32 characters \(got a hidden value\)/);
    expect(message).not.toContain('short-secret-value');
  });
});
