/**
 * A bonus's (or offer's) name in the page's language: its definition's name for that locale, else the
 * default name — the same fallback as content pages. Names come from the operator's data, not texts.
 */
export function localName<T extends { name: string; names?: Record<string, string> | undefined }>(
  item: T,
  language: string,
): T {
  const name = item.names?.[language]?.trim();
  return name ? { ...item, name } : item;
}
