/**
 * The app's translator: nested texts per locale, `{name}` placeholders, plural forms chosen by
 * Intl.PluralRules (`key_one`, `key_other`, …, and `key_zero` first for a count of 0), the default
 * locale behind every other, and the key itself (or `defaultValue`) when no text exists.
 *
 * It replaces i18next + react-i18next, which cost ~18 KB gzip of the first load for the handful of
 * features used here. Interpolated values are inserted as they are: React escapes what it renders.
 */
export interface Texts {
  [key: string]: string | Texts;
}

export type TOptions = { defaultValue?: string; count?: number } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

const PLACEHOLDER = /\{([^{}]+)\}/g;

/** Deep merge of `from` into `into`; `overwrite` false keeps the texts `into` already has. */
function merge(into: Texts, from: Texts, overwrite: boolean) {
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    if (typeof value === 'object' && typeof existing === 'object') merge(existing, value, overwrite);
    else if (overwrite || existing === undefined)
      into[key] = typeof value === 'object' ? merge({}, value, true) : value;
  }
  return into;
}

function textAt(texts: Texts | undefined, key: string): string | undefined {
  let node: string | Texts | undefined = texts;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `{name}` → the option's value; a name the options lack stays as written, a null or undefined one is empty. */
function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{')) return text;
  return text.replace(PLACEHOLDER, (whole, inner: string) => {
    const name = inner.trim();
    if (!Object.hasOwn(options, name)) return whole;
    const value = options[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

export class Translator {
  language: string;
  private readonly texts = new Map<string, Texts>();
  private readonly plurals = new Map<string, Intl.PluralRules>();
  private readonly listeners = new Set<() => void>();
  private current: TFunction;

  constructor(private readonly fallback: string) {
    this.language = fallback;
    this.current = this.getFixedT(fallback);
  }

  /** The texts of the current language; a new function after each change of language. */
  get t(): TFunction {
    return this.current;
  }

  getFixedT(language: string): TFunction {
    return (key, options) => this.translate(language, key, options);
  }

  changeLanguage(language: string) {
    if (language === this.language) return;
    this.language = language;
    this.current = this.getFixedT(language);
    for (const listener of this.listeners) listener();
  }

  /** Adds texts to a language (deep merge); `overwrite` false keeps the texts it already has. */
  addTexts(language: string, texts: Texts, overwrite: boolean) {
    this.texts.set(language, merge(this.texts.get(language) ?? {}, texts, overwrite));
  }

  /** Called after each change of language (not when texts are added: they come before their screens). */
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private translate(language: string, key: string, options?: TOptions): string {
    const count = typeof options?.count === 'number' ? options.count : undefined;
    for (const code of language === this.fallback ? [language] : [language, this.fallback]) {
      const texts = this.texts.get(code);
      if (!texts) continue;
      const keys = count === undefined ? [key] : [`${key}_${this.pluralOf(code, count)}`, key];
      if (count === 0) keys.unshift(`${key}_zero`);
      for (const candidate of keys) {
        const text = textAt(texts, candidate);
        if (text !== undefined) return interpolate(text, options);
      }
    }
    return interpolate(options?.defaultValue ?? key, options);
  }

  private pluralOf(code: string, count: number): Intl.LDMLPluralRule {
    let rules = this.plurals.get(code);
    if (!rules) this.plurals.set(code, (rules = new Intl.PluralRules(code)));
    return rules.select(count);
  }
}
