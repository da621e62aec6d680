import { z } from 'zod';

/**
 * Text PostgreSQL can store and JSON can carry: no NUL character (text columns refuse it) and no
 * lone UTF-16 surrogate (it has no UTF-8 form; jsonb refuses its escape). Every string of the wire
 * contract is `text()`, so such input is a 422 at the edge instead of a database error.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

export const UNSTORABLE_TEXT_MESSAGE = 'The value contains characters that are not allowed';

/**
 * `z.string()` that refuses NUL characters and lone surrogates. Marked free of side effects, as zod's
 * own factories are, so a bundle drops the schemas a page does not use (and zod with them).
 */
/* @__NO_SIDE_EFFECTS__ */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);
}
