import { DEFAULT_LOCALE, type LocaleCode } from '@casino/contracts';
import { DAY_SECONDS, setCookie } from '@/shared/lib/cookies.ts';
import en from './locales/en.ts';
import { Translator, type Texts } from './translator.ts';

export const USER_LANGUAGE_COOKIE = 'user-language';

/** The app's one translator. English is bundled; other locales load when first needed. */
export const i18n = new Translator(DEFAULT_LOCALE);
i18n.addTexts(DEFAULT_LOCALE, en, true);

const loaders: Record<Exclude<LocaleCode, 'en'>, () => Promise<{ default: Texts }>> = {
  de: () => import('./locales/de.ts'),
  'pt-br': () => import('./locales/pt-br.ts'),
};
// Features may add their own keys to a locale before it loads, so loaded locales are tracked apart.
const loaded = new Set<LocaleCode>(['en']);

export async function loadLocale(code: LocaleCode) {
  if (loaded.has(code)) return;
  const resources = await loaders[code as Exclude<LocaleCode, 'en'>]();
  // No overwrite: keys a feature added keep their values.
  i18n.addTexts(code, resources.default, false);
  loaded.add(code);
}

/** Switches the UI language: loads its texts, sets <html lang> and remembers it in the `user-language` cookie (1 year). */
export async function setLocale(code: LocaleCode) {
  await loadLocale(code);
  i18n.changeLanguage(code);
  document.documentElement.lang = code;
  setCookie(USER_LANGUAGE_COOKIE, code, 365 * DAY_SECONDS);
}

/**
 * For features that bring their own texts: `addTranslations('de', { auth: { … } })`.
 * Keys merge into the locale's texts, so they read as `t('auth.…')`.
 */
export function addTranslations(code: LocaleCode, resources: object) {
  i18n.addTexts(code, resources as Texts, true);
}
