import { describe, expect, it } from 'vitest';
import { localeOfPath, localizePath, parseLocalePath, switchLocalePath } from './locale-path.ts';

describe('locale paths', () => {
  it('reads the locale from the prefix', () => {
    expect(parseLocalePath('/de/profile')).toEqual({ kind: 'ok', locale: 'de', prefixed: true, rest: '/profile' });
    expect(parseLocalePath('/pt-br')).toEqual({ kind: 'ok', locale: 'pt-br', prefixed: true, rest: '/' });
    expect(parseLocalePath('/profile')).toEqual({ kind: 'ok', locale: 'en', prefixed: false, rest: '/profile' });
    expect(parseLocalePath('/')).toEqual({ kind: 'ok', locale: 'en', prefixed: false, rest: '/' });
  });

  it('flags a locale-shaped prefix that is not served', () => {
    expect(parseLocalePath('/zz/x')).toEqual({ kind: 'unsupported', prefix: 'zz', rest: '/x' });
    expect(parseLocalePath('/pt-pt/x').kind).toBe('unsupported');
    expect(localeOfPath('/zz/x')).toBe('en');
  });

  it('does not take uppercase or other shapes for a locale', () => {
    expect(parseLocalePath('/DE/x')).toMatchObject({ kind: 'ok', prefixed: false });
    expect(parseLocalePath('/games/1')).toMatchObject({ kind: 'ok', prefixed: false });
  });

  it('prefixes all but the default locale', () => {
    expect(localizePath('/profile', 'de')).toBe('/de/profile');
    expect(localizePath('/', 'de')).toBe('/de');
    expect(localizePath('/?sign-in', 'pt-br')).toBe('/pt-br?sign-in');
    expect(localizePath('/profile', 'en')).toBe('/profile');
  });

  it('switches locale keeping path, query and hash', () => {
    expect(switchLocalePath('/de/profile/limits', '?x=1', '#a', 'pt-br')).toBe('/pt-br/profile/limits?x=1#a');
    expect(switchLocalePath('/de/profile', '', '', 'en')).toBe('/profile');
    expect(switchLocalePath('/', '?search', '', 'de')).toBe('/de?search');
  });
});
