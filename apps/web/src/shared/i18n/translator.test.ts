import { describe, expect, it, vi } from 'vitest';
import { Translator } from './translator.ts';

function translator() {
  const i18n = new Translator('en');
  i18n.addTexts(
    'en',
    {
      greet: 'Hello {name}',
      raw: 'Keep {unknown} as written',
      minutes_one: '{count} minute',
      minutes_other: '{count} minutes',
      found_zero: 'Nothing found',
      found_one: 'One found',
      found_other: '{count} found',
      only: { english: 'Only in English' },
    },
    true,
  );
  i18n.addTexts(
    'pt-br',
    { minutes_one: '{count} minuto', minutes_many: '{count} de minutos', minutes_other: '{count} minutos' },
    true,
  );
  return i18n;
}

describe('Translator', () => {
  it('fills placeholders with the options, leaves unknown ones, and empties null values', () => {
    const { t } = translator();
    expect(t('greet', { name: 'Ana' })).toBe('Hello Ana');
    expect(t('greet', { name: null })).toBe('Hello ');
    expect(t('raw', { other: 1 })).toBe('Keep {unknown} as written');
    // A value is inserted once, never read again as a template.
    expect(t('greet', { name: '{name}' })).toBe('Hello {name}');
  });

  it('picks the plural form of the language, and _zero first for a count of 0', () => {
    const i18n = translator();
    expect(i18n.t('minutes', { count: 1 })).toBe('1 minute');
    expect(i18n.t('minutes', { count: 5 })).toBe('5 minutes');
    expect(i18n.t('found', { count: 0 })).toBe('Nothing found');
    expect(i18n.t('found', { count: 2 })).toBe('2 found');
    i18n.changeLanguage('pt-br');
    expect(i18n.t('minutes', { count: 1 })).toBe('1 minuto');
    expect(i18n.t('minutes', { count: 1_000_000 })).toBe('1000000 de minutos');
  });

  it('falls back to the default language, then to defaultValue, then to the key', () => {
    const i18n = translator();
    i18n.changeLanguage('pt-br');
    expect(i18n.t('only.english')).toBe('Only in English');
    expect(i18n.t('missing.key', { defaultValue: 'Default {n}', n: 2 })).toBe('Default 2');
    expect(i18n.t('missing.key')).toBe('missing.key');
    expect(i18n.t('only')).toBe('only'); // a group of texts is not a text
  });

  it('merges added texts deeply, keeping existing ones when asked', () => {
    const i18n = translator();
    i18n.addTexts('en', { only: { more: 'More' }, greet: 'Hi {name}' }, false);
    expect(i18n.t('only.english')).toBe('Only in English');
    expect(i18n.t('only.more')).toBe('More');
    expect(i18n.t('greet', { name: 'A' })).toBe('Hello A');
    i18n.addTexts('en', { greet: 'Hi {name}' }, true);
    expect(i18n.t('greet', { name: 'A' })).toBe('Hi A');
  });

  it('tells its listeners of a change of language, with a new t', () => {
    const i18n = translator();
    const listener = vi.fn();
    const stop = i18n.subscribe(listener);
    const before = i18n.t;
    i18n.changeLanguage('en');
    expect(listener).not.toHaveBeenCalled();
    i18n.changeLanguage('pt-br');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(i18n.t).not.toBe(before);
    expect(i18n.getFixedT('en')('minutes', { count: 1 })).toBe('1 minute');
    stop();
    i18n.changeLanguage('en');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
