import { AccountStatus, toMajor, type Account } from '@casino/contracts';
import { subunitOf } from '../settings/index.ts';

/** An account's balances, minor units: a row's, or a balance change's (`wallet.balance.changed`). */
export type AccountBalances = {
  id: string;
  currency: string;
  active: boolean;
  real: bigint;
  bonus: bigint;
  locked: bigint;
};

/**
 * The wire account (contracts `Account`): balance = real + bonus; locked money is in neither; only real
 * money can be withdrawn. The one mapping of an account to what players see: the lists, the answers
 * and the balance push all build it here.
 */
export function wireAccount(a: AccountBalances): Account {
  const subunit = subunitOf(a.currency);
  return {
    id: a.id,
    currency: a.currency,
    status: a.active ? AccountStatus.active : AccountStatus.inactive,
    balance: toMajor(a.real + a.bonus, subunit),
    realBalance: toMajor(a.real, subunit),
    bonusBalance: toMajor(a.bonus, subunit),
    lockedBalance: toMajor(a.locked, subunit),
    withdrawalBalance: toMajor(a.real, subunit),
  } as Account;
}

/** The wire account of a `wallet_accounts` row. */
export const wireAccountOfRow = (row: {
  id: string;
  currency: string;
  isActive: boolean;
  realBalance: bigint;
  bonusBalance: bigint;
  lockedBalance: bigint;
}): Account =>
  wireAccount({
    id: row.id,
    currency: row.currency,
    active: row.isActive,
    real: row.realBalance,
    bonus: row.bonusBalance,
    locked: row.lockedBalance,
  });
