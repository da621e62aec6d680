import { describe, expect, it } from 'vitest';
import { EVENT_VERSIONS, eventPayloadProblem, eventSchemas } from '../events.ts';

const balance = {
  playerId: 'p1',
  accountId: 'a1',
  currency: 'EUR',
  active: true,
  real: '1250',
  bonus: '0',
  locked: '0',
};

describe('event payload schemas', () => {
  it('accept a payload of the right shape', () => {
    expect(eventPayloadProblem('wallet.balance.changed', balance)).toBeNull();
  });

  it('name what drifted: an amount as a number, a field too many, one missing, an unknown event', () => {
    expect(eventPayloadProblem('wallet.balance.changed', { ...balance, real: 12.5 })).toContain('real');
    expect(eventPayloadProblem('wallet.balance.changed', { ...balance, extra: 1 })).toContain('extra');
    const { locked: _locked, ...missing } = balance;
    expect(eventPayloadProblem('wallet.balance.changed', missing)).toContain('locked');
    expect(eventPayloadProblem('wallet.balance.renamed', balance)).toBe('unknown event wallet.balance.renamed');
  });

  it('give every event a version', () => {
    expect(Object.keys(EVENT_VERSIONS).toSorted()).toEqual(Object.keys(eventSchemas).toSorted());
    expect(Object.values(EVENT_VERSIONS).every((v) => Number.isInteger(v) && v >= 1)).toBe(true);
  });
});
