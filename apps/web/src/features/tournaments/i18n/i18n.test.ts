import { describe, expect, it } from 'vitest';
import en from './en.json';
import de from './de.json';
import ptBr from './pt-br.json';

/** Every key path of a translation tree; plural forms count as their base key. */
const keys = (tree: object, prefix = ''): string[] =>
  [
    ...new Set(
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'string'
          ? [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`]
          : keys(value as object, `${prefix}${key}.`),
      ),
    ),
  ].sort();

describe('tournament texts', () => {
  it.each([
    ['de', de],
    ['pt-br', ptBr],
  ])('%s has every English text, and no other', (_, tree) => {
    expect(keys(tree)).toEqual(keys(en));
  });
});
