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

/**
 * Characters that change how text around them reads without being seen: controls (C0/C1), bidi
 * marks, embeddings, overrides and isolates (which can reverse a name on screen), and zero-width
 * space, word joiner and BOM (which make two names look the same). Zero-width (non-)joiners stay:
 * emoji sequences and Persian script need them.
 */
const HIDDEN_OR_REORDERING = /[\p{Cc}\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

const HIDDEN_OR_REORDERING_ALL = new RegExp(HIDDEN_OR_REORDERING.source, 'gu');

/** `value` with those characters taken out (for text we show but did not ask for, such as a file name). */
export const withoutHiddenCharacters = (value: string) => value.replace(HIDDEN_OR_REORDERING_ALL, '');

export const HIDDEN_CHARACTERS_MESSAGE = 'The value contains invisible or direction-changing characters';

/** `text()` for what other people see (nicknames, names): no hidden or reordering characters either. */
/* @__NO_SIDE_EFFECTS__ */
export function displayText(params?: Parameters<typeof z.string>[0]) {
  return text(params).refine((value) => !HIDDEN_OR_REORDERING.test(value), HIDDEN_CHARACTERS_MESSAGE);
}
