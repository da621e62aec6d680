import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFieldsSchema, fieldMetaSchema, type FieldMeta } from '@casino/contracts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { expectErrorEnvelope } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ DEFAULT_COUNTRY: 'BR', LOYALTY_ENABLED: '1' });
});
afterAll(async () => {
  await server?.close();
});

const init = (headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: '/api/player/init', headers });
const fields = (query: string) => server.app.inject({ method: 'GET', url: `/api/player/fields/validations${query}` });

describe('GET /api/player/init', () => {
  it('reads the country from the cf-ipcountry header', async () => {
    const res = await init({ 'cf-ipcountry': 'de' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      country: 'DE',
      restricted: false,
      restrictType: null,
      features: { loyalty: true, quests: true, sportsbook: true, documents: true },
      // Outside production without SOCIAL_DOMAIN: the sandbox OpenID provider of this node.
      social: {
        domain: 'http://localhost:3000/sandbox/oidc',
        clientId: 'casino-web',
        connections: ['google-oauth2', 'apple'],
      },
      // And the sandbox identity-verification provider's page.
      kyc: { sdkUrl: '/sandbox/kyc/sdk' },
      // No third-party chat widget: the built-in live chat; reminders at the default interval.
      supportWidgetKey: null,
      realityCheckMinutes: 30,
      // Outside production without SPORTSBOOK_*: the sandbox sportsbook of this node.
      sportsbook: { host: 'http://localhost:3000/sandbox/sportsbook', clientId: 'sandbox' },
    });
  });

  it('falls back to DEFAULT_COUNTRY without a usable header', async () => {
    expect((await init()).json().data.country).toBe('BR');
    expect((await init({ 'cf-ipcountry': 'XX' })).json().data.country).toBe('BR');
    expect((await init({ 'cf-ipcountry': 'not-a-country' })).json().data.country).toBe('BR');
  });

  it('flags restricted and excluded countries', async () => {
    expect((await init({ 'cf-ipcountry': 'ES' })).json().data).toMatchObject({
      country: 'ES',
      restricted: true,
      restrictType: 1,
    });
    expect((await init({ 'cf-ipcountry': 'AU' })).json().data).toMatchObject({ restricted: true, restrictType: 2 });
    expect((await init({ 'cf-ipcountry': 'US' })).json().data).toMatchObject({ restricted: true, restrictType: 1 });
  });
});

describe('GET /api/player/fields/validations', () => {
  it('describes the registration form with filled-in messages', async () => {
    const res = await fields('?scenario=registration');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as FieldMeta[];
    for (const f of list) expect(fieldMetaSchema.safeParse(f).success).toBe(true);
    const byName = Object.fromEntries(list.map((f) => [f.name, f]));
    expect(list.map((f) => f.name)).toEqual([
      'email',
      'password',
      'password_confirmation',
      'currency',
      'agreements',
      'receiveEmailPromo',
      'receiveBonus',
      'bonusCode',
    ]);
    expect(list.map((f) => f.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(new Set(list.map((f) => f.id)).size).toBe(list.length);
    expect(byName.email!.rules.map((r) => r.name)).toEqual(['required', 'email', 'maxLength']);
    expect(byName.password!.rules).toContainEqual({
      name: 'minLength',
      min: 6,
      message: 'This field should be at least 6 characters long',
    });
    expect(byName.password_confirmation!.rules).toContainEqual({
      name: 'sameAs',
      param: 'password',
      message: 'The value must be equal to the password value',
    });
    expect(byName.currency!.rules.map((r) => r.name)).toEqual(['required', 'currency']);
    expect(byName.agreements).toMatchObject({ isRequired: true, rules: [{ name: 'required' }, { name: 'accepted' }] });
    expect(byName.receiveEmailPromo).toMatchObject({ isRequired: false, rules: [] });
    for (const f of list) for (const r of f.rules) expect(r.message).not.toMatch(/\{\w+\}/);
  });

  it('serves rules the web form can turn into the same zod schema', async () => {
    const list = (await fields('?scenario=registration')).json().data as FieldMeta[];
    const schema = buildFieldsSchema(list, { currencies: ['EUR'], countries: ['DE'] });
    expect(
      schema.safeParse({
        email: 'a@b.co',
        password: 'abcdef',
        password_confirmation: 'abcdef',
        currency: 'EUR',
        agreements: true,
      }).success,
    ).toBe(true);
    expect(
      schema.safeParse({
        email: 'a@b.co',
        password: 'abc',
        password_confirmation: 'abc',
        currency: 'EUR',
        agreements: true,
      }).success,
    ).toBe(false);
  });

  it('describes the profile form', async () => {
    const list = (await fields('?scenario=profile')).json().data as FieldMeta[];
    const byName = Object.fromEntries(list.map((f) => [f.name, f]));
    expect(Object.keys(byName)).toEqual(
      expect.arrayContaining([
        'firstName',
        'lastName',
        'nickname',
        'birthdate',
        'country',
        'city',
        'address',
        'postalCode',
        'gender',
      ]),
    );
    expect(byName.firstName!.rules).toContainEqual({
      name: 'minLength',
      min: 2,
      message: 'This field should be at least 2 characters long',
    });
    expect(byName.lastName!.rules.map((r) => r.name)).toContain('minLength');
    expect(byName.birthdate!.rules.map((r) => r.name)).toEqual(['date']);
    // The number is changed through its confirmation (a texted code), not by editing the profile.
    expect(byName.phone).toBeUndefined();
    expect(list.filter((f) => !f.editable).map((f) => f.name)).toEqual([
      'firstName',
      'lastName',
      'birthdate',
      'personalIdNumber',
      'cpf_number',
      'country',
    ]);
    expect(byName.country!.rules.map((r) => r.name)).toEqual(['country']);
    for (const f of list) expect(typeof f.editable).toBe('boolean');
  });

  it('rejects a missing or unknown scenario with a 422 envelope', async () => {
    expect(expectErrorEnvelope(await fields(''), 422).fields).toHaveProperty('scenario');
    expect(expectErrorEnvelope(await fields('?scenario=admin'), 422).fields).toHaveProperty('scenario');
    expectErrorEnvelope(await fields('?scenario[]=profile'), 422);
  });
});
