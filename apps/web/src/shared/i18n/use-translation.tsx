import { cloneElement, Fragment, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { i18n } from './i18n.ts';
import type { TFunction, TOptions } from './translator.ts';

const currentT = () => i18n.t;

/** `const { t, i18n } = useTranslation()`: the texts of the current language; renders again when it changes. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const t = useSyncExternalStore(i18n.subscribe, currentT, currentT);
  return { t, i18n };
}

const TAG = /<([a-z][a-z0-9]*)>(.*?)<\/\1>/gi;

/**
 * A text with elements in it: `<terms>Terms</terms>` in the text becomes `components.terms` with
 * "Terms" as its children. The words stay the translator's; the element (a link, say) stays the code's.
 */
export function Trans({
  i18nKey,
  components,
  values,
}: {
  i18nKey: string;
  components: Record<string, ReactElement>;
  values?: TOptions;
}) {
  const { t } = useTranslation();
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name, inner] = match as unknown as [string, string, string];
    parts.push(text.slice(at, match.index));
    const element = components[name];
    parts.push(element ? cloneElement(element, { key: parts.length }, inner) : whole);
    at = match.index + whole.length;
  }
  parts.push(text.slice(at));
  return <Fragment>{parts}</Fragment>;
}
