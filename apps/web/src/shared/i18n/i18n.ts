import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, type LocaleCode } from '@casino/contracts';
import { DAY_SECONDS, setCookie } from '@/shared/lib/cookies.ts';
import en from './locales/en.ts';

export const USER_LANGUAGE_COOKIE = 'user-language';

/** The app's one i18next instance. English is bundled; other locales load when first needed. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  // Our codes are lowercase (`pt-br`); without this i18next would look for `pt-BR`.
  lowerCaseLng: true,
  load: 'currentOnly',
  resources: { en: { translation: en } },
  // Single braces, like the validation messages of @casino/contracts (`{min}`), so texts match exactly.
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  returnNull: false,
  initAsync: false,
});

const loaders: Record<Exclude<LocaleCode, 'en'>, () => Promise<{ default: object }>> = {
  de: () => import('./locales/de.ts'),
  'pt-br': () => import('./locales/pt-br.ts'),
};
// Tracked separately from hasResourceBundle: features may add their own keys to a locale before it loads.
const loaded = new Set<LocaleCode>(['en']);

export async function loadLocale(code: LocaleCode) {
  if (loaded.has(code)) return;
  const resources = await loaders[code as Exclude<LocaleCode, 'en'>]();
  // deep merge, no overwrite: keys a feature added keep their values.
  i18n.addResourceBundle(code, 'translation', resources.default, true, false);
  loaded.add(code);
}

/** Switches the UI language: loads its texts, sets <html lang> and remembers it in the `user-language` cookie (1 year). */
export async function setLocale(code: LocaleCode) {
  await loadLocale(code);
  if (i18n.language !== code) await i18n.changeLanguage(code);
  document.documentElement.lang = code;
  setCookie(USER_LANGUAGE_COOKIE, code, 365 * DAY_SECONDS);
}

/**
 * For features that bring their own texts: `addTranslations('de', { auth: { … } })`.
 * Keys merge under the default namespace, so they read as `t('auth.…')`.
 */
export function addTranslations(code: LocaleCode, resources: object) {
  i18n.addResourceBundle(code, 'translation', resources, true, true);
}
