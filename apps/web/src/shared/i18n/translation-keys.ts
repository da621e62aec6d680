/** Every key path of a translation tree, sorted; plural forms count as their base key (for parity tests). */
export const translationKeys = (tree: object, prefix = ''): string[] =>
  [
    ...new Set(
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'string'
          ? [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`]
          : translationKeys(value as object, `${prefix}${key}.`),
      ),
    ),
  ].sort();
