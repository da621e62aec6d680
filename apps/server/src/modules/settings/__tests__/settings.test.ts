import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildConstants,
  constantsSchema,
  EXCLUDED_COUNTRY_CODES,
  LOCALE_CODES,
  LOCALES,
  scaleDigits,
  type Country,
  type Currency,
} from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { currencyByCode, SUPPORTED_CURRENCIES } from '../currencies.ts';
import { configureCountryRestrictions, restrictionOf } from '../countries.ts';
import { loadConfig } from '../../../config.ts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/rows.ts';
import { fromBaseMinor, toBaseMinor } from '../conversion.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const get = (url: string) => server.app.inject({ method: 'GET', url });

describe('GET /api/settings/currencies', () => {
  it('lists fiat and crypto currencies with scale, symbol and a rate to the EUR base', async () => {
    const res = await get('/api/settings/currencies');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Currency[];
    expect(list.map((c) => c.code)).toEqual(
      expect.arrayContaining(['EUR', 'USD', 'BRL', 'CAD', 'BTC', 'ETH', 'USDT', 'LTC']),
    );
    expect(list.filter((c) => c.isBase).map((c) => c.code)).toEqual(['EUR']);
    for (const c of list) {
      expect(() => scaleDigits(c.subunitToUnit)).not.toThrow();
      expect(c.rate.rate).toBeGreaterThan(0);
      expect(Number.isNaN(Date.parse(c.rate.rateTime))).toBe(false);
      expect(c.symbol).not.toBe('');
    }
    const eur = list.find((c) => c.code === 'EUR')!;
    expect(eur).toMatchObject({ type: 'fiat', subunitToUnit: 100, rate: { rate: 1 } });
    const btc = list.find((c) => c.code === 'BTC')!;
    expect(btc).toMatchObject({ type: 'crypto', subunitToUnit: 100_000_000 });
    expect(btc.subCurrencies).toEqual([expect.objectContaining({ code: 'mBTC', subunitToUnit: 1000 })]);
    const eth = list.find((c) => c.code === 'ETH')!;
    expect(eth.subunitToUnit).toBeLessThanOrEqual(100_000_000);
    expect(eth.subCurrencies).toEqual([expect.objectContaining({ code: 'mETH', subunitToUnit: 1000 })]);
    // A milli-unit is worth a thousandth of its currency.
    expect(btc.subCurrencies![0]!.rate.rate * 1000).toBeCloseTo(btc.rate.rate);
  });

  it('accepts visible=1 and answers only enabled currencies', async () => {
    const res = await get('/api/settings/currencies?visible=1');
    expect(res.statusCode).toBe(200);
    expect((res.json().data as Currency[]).every((c) => c.isEnabled)).toBe(true);
    expect(res.headers['cache-control']).toContain('max-age');
  });

  it('rejects a bad visible flag with a 422 envelope', async () => {
    const res = await get('/api/settings/currencies?visible=yes');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: { code: 422, fields: { visible: [expect.any(String)] } } });
  });

  it('currencyByCode finds account currencies by exact code only', () => {
    expect(currencyByCode('BTC')).toMatchObject({ code: 'BTC', type: 'crypto', subunitToUnit: 1e8 });
    expect(currencyByCode('USDT')?.subunitToUnit).toBe(1e6);
    expect(currencyByCode('btc')).toBeUndefined();
    expect(currencyByCode('mBTC')).toBeUndefined();
    expect(currencyByCode('XYZ')).toBeUndefined();
    expect(SUPPORTED_CURRENCIES.length).toBeGreaterThanOrEqual(8);
  });
});

describe('conversion in the database', () => {
  it('converts to and from the base currency exactly as the code does, rounding as asked', async () => {
    const amounts = [0n, 1n, 99n, 1_724n, 50_000n, 862_068n, 100_000_000n, 9_007_199_254_740_991n];
    for (const { code } of SUPPORTED_CURRENCIES) {
      const rows = await rowsOf<{ amount: string; to_down: string; to_up: string; from_down: string; from_up: string }>(
        server.ctx.db,
        sql`select a::text as amount,
                   settings_to_base_minor(a, ${code}, false)::text as to_down,
                   settings_to_base_minor(a, ${code}, true)::text as to_up,
                   settings_from_base_minor(a, ${code}, false)::text as from_down,
                   settings_from_base_minor(a, ${code}, true)::text as from_up
              from unnest(${sql.raw(`array[${amounts.join(',')}]::numeric[]`)}) as a`,
      );
      for (const row of rows) {
        const amount = BigInt(row.amount);
        expect(BigInt(row.to_down), `${code} ${amount}`).toBe(toBaseMinor(amount, code));
        expect(BigInt(row.from_down), `${code} ${amount}`).toBe(fromBaseMinor(amount, code, false));
        expect(BigInt(row.from_up), `${code} ${amount}`).toBe(fromBaseMinor(amount, code, true));
        // Up is down, plus one when something was cut.
        const exact =
          (amount * BigInt(Math.round(currencyByCode(code)!.rate * 1e8)) * 100n) %
            (BigInt(currencyByCode(code)!.subunitToUnit) * 100_000_000n) ===
          0n;
        expect(BigInt(row.to_up) - BigInt(row.to_down), `${code} ${amount}`).toBe(exact ? 0n : 1n);
      }
    }
    // A currency without a rate converts to nothing (a caller refuses rather than guesses).
    const [none] = await rowsOf<{ to: string | null; from: string | null }>(
      server.ctx.db,
      sql`select settings_to_base_minor(100, 'XXX', false)::text as "to", settings_from_base_minor(100, 'XXX', false)::text as "from"`,
    );
    expect(none).toEqual({ to: null, from: null });
  });
});

describe('GET /api/settings/locales', () => {
  it('serves the contract locales with one default', async () => {
    const res = await get('/api/settings/locales');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(LOCALES.map((l) => ({ ...l })));
    expect((res.json().data as { isDefault: boolean }[]).filter((l) => l.isDefault)).toHaveLength(1);
  });
});

describe('GET /api/settings/countries', () => {
  it('lists every ISO 3166-1 country but the eight excluded ones (241), sorted by name', async () => {
    const res = await get('/api/settings/countries');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Country[];
    expect(list).toHaveLength(249 - EXCLUDED_COUNTRY_CODES.length);
    const codes = list.map((c) => c.code);
    for (const excluded of EXCLUDED_COUNTRY_CODES) expect(codes).not.toContain(excluded);
    expect(new Set(codes).size).toBe(codes.length);
    expect(list.map((c) => c.name)).toEqual([...list.map((c) => c.name)].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('gives every country a supported currency and locale, and restrictType only when restricted', async () => {
    const list = (await get('/api/settings/countries')).json().data as Country[];
    for (const c of list) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      // Uninhabited territories (Antarctica, Bouvet Island…) have no calling code.
      expect(c.phonePrefix).toMatch(/^(\+\d{1,4})?$/);
      expect(currencyByCode(c.currency), c.code).toBeDefined();
      for (const extra of c.additionalCurrency) expect(currencyByCode(extra), `${c.code} ${extra}`).toBeDefined();
      expect(LOCALE_CODES).toContain(c.locale);
      if (c.restrict) expect([1, 2]).toContain(c.restrictType);
      else expect(c.restrictType).toBeUndefined();
    }
    expect(list.find((c) => c.code === 'DE')).toMatchObject({
      currency: 'EUR',
      locale: 'de',
      restrict: false,
      nativeName: 'Deutschland',
    });
    expect(list.find((c) => c.code === 'BR')).toMatchObject({ currency: 'BRL', locale: 'pt-br' });
    // Countries nobody described by hand get their names from ICU and their calling code from libphonenumber.
    expect(list.find((c) => c.code === 'JP')).toMatchObject({
      name: 'Japan',
      nativeName: '日本',
      phonePrefix: '+81',
      currency: 'USD',
      locale: 'en',
    });
    expect(list.find((c) => c.code === 'LI')).toMatchObject({ nativeName: 'Liechtenstein', locale: 'de' });
    expect(list.find((c) => c.code === 'AO')).toMatchObject({ nativeName: 'Angola', locale: 'pt-br' });
    expect(list.find((c) => c.code === 'MT')).toMatchObject({ currency: 'EUR', phonePrefix: '+356' });
    expect(
      list
        .filter((c) => c.phonePrefix === '')
        .map((c) => c.code)
        .sort(),
    ).toEqual(['AQ', 'BV', 'GS', 'HM', 'PN', 'TF']);
    expect(
      list
        .filter((c) => c.restrict)
        .map((c) => c.restrictType)
        .sort(),
    ).toEqual([1, 2]);
  });

  it('takes the restrictions from RESTRICTED_COUNTRIES', async () => {
    const custom = await createTestServer({ RESTRICTED_COUNTRIES: 'de:2, JP:1' });
    try {
      const list = (await custom.app.inject({ method: 'GET', url: '/api/settings/countries' })).json()
        .data as Country[];
      expect(list.filter((c) => c.restrict).map((c) => [c.code, c.restrictType])).toEqual([
        ['DE', 2],
        ['JP', 1],
      ]);
      const init = await custom.app.inject({
        method: 'GET',
        url: '/api/player/init',
        headers: { 'cf-ipcountry': 'JP' },
      });
      expect(init.json().data).toMatchObject({ country: 'JP', restricted: true, restrictType: 1 });
    } finally {
      await custom.close();
      // The restrictions are the process's: put the default back for the other tests of this file.
      configureCountryRestrictions(loadConfig({}).restrictedCountries);
    }
    expect(() => loadConfig({ RESTRICTED_COUNTRIES: 'ES:3' })).toThrow(/RESTRICTED_COUNTRIES/);
    expect(() => loadConfig({ RESTRICTED_COUNTRIES: 'Spain' })).toThrow(/RESTRICTED_COUNTRIES/);
    expect(loadConfig({ RESTRICTED_COUNTRIES: '' }).restrictedCountries).toEqual({ ES: 1, AU: 2 });
  });

  it('treats the excluded countries as fully restricted', () => {
    for (const code of EXCLUDED_COUNTRY_CODES)
      expect(restrictionOf(code)).toEqual({ restricted: true, restrictType: 1 });
    expect(restrictionOf('de')).toEqual({ restricted: false, restrictType: null });
  });
});

describe('GET /api/settings/constants', () => {
  it('serves the contract enumerations', async () => {
    const res = await get('/api/settings/constants');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(JSON.parse(JSON.stringify(buildConstants())));
    expect(res.json().data.player.playerStatuses).toContainEqual({ id: 3, name: 'blocked' });
    expect(constantsSchema.strict().safeParse(res.json().data).success).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('documents every settings and player route with its response schema', async () => {
    const doc = (await get('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const routes = [
      ['/api/settings/currencies', 'get'],
      ['/api/settings/locales', 'get'],
      ['/api/settings/countries', 'get'],
      ['/api/settings/constants', 'get'],
      ['/api/player/init', 'get'],
      ['/api/player/fields/validations', 'get'],
      ['/api/player/register', 'post'],
      ['/api/player/sessions', 'post'],
      ['/api/player/sessions/refresh', 'post'],
      ['/api/player/sessions/logout', 'post'],
      ['/api/player/profile', 'get'],
    ] as const;
    for (const [path, method] of routes) {
      expect(doc.paths[path]?.[method]?.responses?.['200'], `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths['/api/player/sessions']!.post!.responses).toHaveProperty('429');
  });
});
