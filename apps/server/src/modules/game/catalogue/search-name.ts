/** Letters that NFD does not split into base letter + accent, folded the way a player would type them. */
const FOLD: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i' };

/**
 * What name search compares: lower case, accents removed, everything that is not a letter or digit
 * as a single space. Stored in `games.search_name` and applied to the query the same way, so
 * "cafe ole" finds "Café Olé Reels". The result never holds LIKE wildcards (`%`, `_`, `\` become
 * spaces), so it can go into a LIKE pattern as it is.
 */
export function searchName(value: string): string {
  return value
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[øæœßđðþłı]/g, (c) => FOLD[c]!)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
