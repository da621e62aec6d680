import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fairFloats, hmacSha256Hex, mulDivFloor, randomSeed, sha256Hex } from '../index.ts';

describe('fair random stream', () => {
  const fair = { serverSeed: 'server-seed', clientSeed: 'client-seed', nonce: 0 };

  it('matches the documented construction (HMAC-SHA256 of "client:nonce:cursor" under the server seed)', async () => {
    const floats = await fairFloats({ ...fair, nonce: 7 }, 10);
    const expected: number[] = [];
    for (const cursor of [0, 1]) {
      const block = createHmac('sha256', 'server-seed').update(`client-seed:7:${cursor}`).digest();
      for (let i = 0; i < 32; i += 4) expected.push(block.readUInt32BE(i) / 2 ** 32);
    }
    expect(floats).toEqual(expected.slice(0, 10));
  });

  it('keeps its known vector (the verify page and old rounds depend on it)', async () => {
    const floats = await fairFloats(fair, 3);
    expect(floats.map((f) => f.toFixed(10))).toEqual(['0.4553733638', '0.7005886906', '0.0399313462']);
  });

  it('is deterministic and moves with every input', async () => {
    const a = await fairFloats(fair, 4);
    expect(await fairFloats(fair, 4)).toEqual(a);
    expect(await fairFloats({ ...fair, nonce: 1 }, 4)).not.toEqual(a);
    expect(await fairFloats({ ...fair, clientSeed: 'other' }, 4)).not.toEqual(a);
    expect(await fairFloats({ ...fair, serverSeed: 'other' }, 4)).not.toEqual(a);
    for (const f of a) expect(f >= 0 && f < 1).toBe(true);
  });

  it('hashes like sha256 and HMAC-SHA256 elsewhere', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await sha256Hex('server-seed')).toBe(createHash('sha256').update('server-seed').digest('hex'));
    expect(await hmacSha256Hex('k', 'm')).toBe(createHmac('sha256', 'k').update('m').digest('hex'));
  });

  it('makes fresh hex seeds', () => {
    const a = randomSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(randomSeed()).not.toBe(a);
    expect(randomSeed(16)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('multiplies money exactly, flooring', () => {
    expect(mulDivFloor(10, 5, 20)).toBe(2);
    expect(mulDivFloor(20_000_000_001, 1_000_000, 100)).toBe(200_000_000_010_000);
    expect(mulDivFloor(101, 198, 100)).toBe(199);
  });
});
