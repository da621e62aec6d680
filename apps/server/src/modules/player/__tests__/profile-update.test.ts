import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMetaSchema, profileSchema } from '@casino/contracts';
import { eq } from 'drizzle-orm';
import { players } from '../tables.ts';
import { createTestServer, type TestServer } from '../../../test/server.ts';
import { bearer, expectErrorEnvelope, profile, register } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

const put = (token: string | null, payload: unknown) =>
  server.app.inject({
    method: 'PUT',
    url: '/api/player/profile',
    payload: payload as object,
    headers: token ? bearer(token) : {},
  });

describe('PUT /api/player/profile', () => {
  it('saves a partial update and answers the profile; GET shows it at once', async () => {
    // The country is set at sign-up and locked from then on (see trust-account.test.ts).
    const { auth } = await register(server.app, { country: 'PT' });
    const res = await put(auth.accessToken, {
      firstName: 'Ana',
      lastName: 'Lima',
      birthdate: '1990-04-12',
      gender: 'female',
      country: 'pt',
      city: 'Porto',
      postalCode: '4000-123',
      timeZone: 'Europe/Lisbon',
      locale: 'pt-br',
      receiveSmsPromo: true,
    });
    expect(res.statusCode).toBe(200);
    const saved = profileSchema.parse(res.json().data);
    expect(saved).toMatchObject({ firstName: 'Ana', country: 'PT', city: 'Porto', receiveSmsPromo: true });
    expect((await profile(server.app, auth.accessToken)).json().data).toMatchObject({
      locale: 'pt-br',
      birthdate: '1990-04-12',
    });
    // Only what is sent changes; an empty string clears an editable field.
    const second = (await put(auth.accessToken, { city: '', nickname: 'Aninha' })).json().data;
    expect(second).toMatchObject({ city: null, nickname: 'Aninha', firstName: 'Ana', postalCode: '4000-123' });
  });

  it('locks name and birth date once filled (they must match the documents)', async () => {
    const { auth } = await register(server.app);
    expect((await put(auth.accessToken, { firstName: 'Jo', birthdate: '1985-01-01' })).statusCode).toBe(200);
    const refused = expectErrorEnvelope(
      await put(auth.accessToken, { firstName: 'Joanna', birthdate: '1984-01-01', city: 'Kyiv' }),
      422,
    );
    expect(refused.fields).toEqual({
      firstName: [expect.stringMatching(/can no longer be changed/)],
      birthdate: [expect.stringMatching(/can no longer be changed/)],
    });
    // Nothing of a refused request is saved, not even its valid part.
    expect((await profile(server.app, auth.accessToken)).json().data.city).toBeNull();
    // Sending the same value again is not a change.
    expect((await put(auth.accessToken, { firstName: 'Jo' })).statusCode).toBe(200);
    const fields = fieldMetaSchema
      .array()
      .parse(
        (await server.app.inject({ method: 'GET', url: '/api/player/fields/validations?scenario=profile' })).json()
          .data,
      );
    expect(fields.filter((f) => !f.editable).map((f) => f.name)).toEqual([
      'firstName',
      'lastName',
      'birthdate',
      'personalIdNumber',
      'cpf_number',
      'country',
    ]);
  });

  it('the rest of the catalogue: CPF checked and kept as digits, ID number locked, a hashed security answer', async () => {
    const { auth } = await register(server.app);
    const refused = expectErrorEnvelope(
      await put(auth.accessToken, {
        cpf_number: '111.111.111-11',
        personalIdNumber: 'X',
        securityQuestion: 'First pet?',
      }),
      422,
    );
    expect(refused.fields).toMatchObject({
      cpf_number: ['Value is not a valid CPF number'],
      personalIdNumber: [expect.stringMatching(/2/)],
      securityAnswer: ['Give the answer to your security question'],
    });
    const res = await put(auth.accessToken, {
      cpf_number: '529.982.247-25',
      personalIdNumber: 'AB123456',
      nationality: 'Portuguese',
      placeOfBirth: 'Lisboa',
      profession: 'Engineer',
      additionalAddress: 'Apt 4',
      securityQuestion: 'First pet?',
      securityAnswer: 'Rex',
    });
    expect(res.statusCode).toBe(200);
    const saved = profileSchema.parse(res.json().data);
    expect(saved).toMatchObject({
      cpf_number: '52998224725',
      personalIdNumber: 'AB123456',
      securityQuestion: 'First pet?',
      hasSecurityAnswer: true,
    });
    // The answer is never sent back, and is not kept in the clear.
    expect(JSON.stringify(res.json())).not.toContain('Rex');
    const [row] = await server.ctx.db.select().from(players).where(eq(players.id, auth.profile.id));
    expect(row!.securityAnswerHash).toBeTruthy();
    expect(row!.securityAnswerHash).not.toContain('Rex');
    // CPF and ID number lock once filled; the question may change and keeps its answer.
    const locked = expectErrorEnvelope(
      await put(auth.accessToken, { cpf_number: '', personalIdNumber: 'CD987654' }),
      422,
    );
    expect(Object.keys(locked.fields ?? {}).sort()).toEqual(['cpf_number', 'personalIdNumber']);
    expect((await put(auth.accessToken, { securityQuestion: 'Favourite city?' })).statusCode).toBe(200);
    // NUL bytes and bidi overrides are refused where people see the text.
    expect((await put(auth.accessToken, { profession: 'Engi\u0000neer' })).statusCode).toBe(422);
    expect((await put(auth.accessToken, { nationality: 'Portu\u202eguese' })).statusCode).toBe(422);
    expect((await put(auth.accessToken, { securityAnswer: 'x'.repeat(129) })).statusCode).toBe(422);
  });

  it('applies the rules: adults only, real dates, names of two letters, known country, zone and language', async () => {
    const { auth } = await register(server.app);
    const year = new Date().getUTCFullYear();
    const check = async (payload: Record<string, unknown>) =>
      expectErrorEnvelope(await put(auth.accessToken, payload), 422).fields;
    expect(await check({ birthdate: `${year - 10}-01-01` })).toEqual({
      birthdate: ['You must be at least 18 years old'],
    });
    expect(await check({ birthdate: '1990-02-30' })).toEqual({ birthdate: ['Value is not a valid date'] });
    expect(await check({ firstName: 'A' })).toEqual({ firstName: ['This field should be at least 2 characters long'] });
    expect(await check({ country: 'ZZ' })).toHaveProperty('country');
    expect(await check({ timeZone: 'Mars/Olympus' })).toHaveProperty('timeZone');
    expect(await check({ locale: 'xx' })).toHaveProperty('locale');
    expect(await check({ nickname: 'evil\u202Egnp.exe' })).toHaveProperty('nickname');
    expectErrorEnvelope(await put(auth.accessToken, { gender: 'robot' }), 422);
    expectErrorEnvelope(await put(auth.accessToken, { email: 'new@example.com' }), 422);
    expectErrorEnvelope(await put(auth.accessToken, { status: 1 }), 422);
    expectErrorEnvelope(await put(auth.accessToken, { city: 'x'.repeat(129) }), 422);
    expectErrorEnvelope(await put(auth.accessToken, { city: 'Porto\u0000' }), 422);
    expectErrorEnvelope(await put(auth.accessToken, { postalCode: '1'.repeat(100_000) }), 422);
    expectErrorEnvelope(await put(null, { city: 'Porto' }), 401);
  });
});
