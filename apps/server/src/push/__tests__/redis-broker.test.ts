import { randomUUID } from 'node:crypto';
import { afterAll, describe } from 'vitest';
import { createRedisBroker } from '../redis-broker.ts';
import { describeBrokerContract } from './broker-contract.ts';
import { deleteKeys } from './helpers.ts';

const redisUrl = process.env['REDIS_URL'];

describe.runIf(redisUrl)('redis broker', () => {
  const prefix = `test:push:${randomUUID()}:`;
  afterAll(async () => {
    await deleteKeys(redisUrl ?? '', prefix);
  });
  describeBrokerContract('redis', (opts) => createRedisBroker(redisUrl ?? '', { ...opts, prefix }));
});
