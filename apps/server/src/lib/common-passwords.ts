import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The common-password list of zxcvbn-ts (about 49,000 passwords seen most often in public breaches,
 * maintained with that project). Built on first use: registration is where it is needed, and a node
 * that registers nobody never holds it.
 */
let common: ReadonlySet<string> | null = null;

/** True for a password found in the list, whatever its letter case. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}
