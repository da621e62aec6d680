import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { PRODUCTION_ENV } from '../../test/server.ts';
import { configurePasswordHashing, hashPassword, verifyPassword } from '../password.ts';

afterAll(() => {
  // What every test server of this worker sets (test/server.ts).
  configurePasswordHashing(1024);
});

describe('the password hashing cost (PASSWORD_HASH_COST)', () => {
  it('is 16384 unless set, and production refuses a lower one', () => {
    expect(loadConfig(PRODUCTION_ENV).passwordHashCost).toBe(16_384);
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '1024' }).passwordHashCost).toBe(1024);
    expect(() => loadConfig({ ...PRODUCTION_ENV, PASSWORD_HASH_COST: '8192' })).toThrow(
      /PASSWORD_HASH_COST: at least 16384 in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '3000' })).toThrow(/must be a power of two/);
    expect(() => loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '512' })).toThrow(/PASSWORD_HASH_COST/);
  });

  it('applies to new hashes only: a password hashed at another cost still signs in', async () => {
    configurePasswordHashing(16_384);
    const strong = await hashPassword('correct horse');
    configurePasswordHashing(1024);
    const cheap = await hashPassword('correct horse');
    expect(strong.split('$')[1]).toBe('16384');
    expect(cheap.split('$')[1]).toBe('1024');
    expect(await verifyPassword('correct horse', strong)).toBe(true);
    expect(await verifyPassword('correct horse', cheap)).toBe(true);
    expect(await verifyPassword('wrong horse', strong)).toBe(false);
  });
});
