import { describe, expect, it } from 'vitest';
import { translationKeys } from '@/shared/i18n/translation-keys.ts';
import en from './en.json';
import de from './de.json';
import ptBr from './pt-br.json';

describe('sportsbook texts', () => {
  it.each([
    ['de', de],
    ['pt-br', ptBr],
  ])('%s has every English text, and no other', (_, tree) => {
    expect(translationKeys(tree)).toEqual(translationKeys(en));
  });
});
