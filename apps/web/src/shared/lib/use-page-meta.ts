import { useEffect } from 'react';
import { useLocation } from '@/shared/router';
import { DEFAULT_LOCALE, type LocaleCode } from '@casino/contracts';
import { localizePath, parseLocalePath } from '@/shared/i18n';
import { usePageTitle } from './use-page-title.ts';

export type PageMeta = { title: string; description: string; locales?: readonly string[] };

/** Puts (or replaces) a `<meta>` or `<link>` in the head; returns its removal. */
function headTag(tag: 'meta' | 'link', key: Record<string, string>, attributes: Record<string, string>): () => void {
  const selector = `${tag}${Object.entries(key)
    .map(([k, v]) => `[${k}="${v}"]`)
    .join('')}`;
  let element = document.head.querySelector<HTMLElement>(selector);
  const existed = element !== null;
  const before = Object.fromEntries(Object.keys(attributes).map((k) => [k, element?.getAttribute(k) ?? '']));
  if (!element) {
    element = document.createElement(tag);
    for (const [k, v] of Object.entries(key)) element.setAttribute(k, v);
    document.head.append(element);
  }
  for (const [k, v] of Object.entries(attributes)) element.setAttribute(k, v);
  const placed = element;
  // A tag the page shell already had (the site's description) gets its value back.
  return () => {
    if (!existed) placed.remove();
    else for (const [k, v] of Object.entries(before)) placed.setAttribute(k, v);
  };
}

/**
 * Title, description, canonical address and one `hreflang` alternate per locale the page exists in
 * (plus `x-default`), for search engines and link previews.
 */
export function usePageMeta(meta: PageMeta | null) {
  const { pathname } = useLocation();
  usePageTitle(meta?.title ?? null);
  const locales = meta?.locales?.join(',') ?? '';
  const description = meta?.description;
  useEffect(() => {
    if (description === undefined) return;
    const path = parseLocalePath(pathname).rest;
    const origin = window.location.origin;
    const removals = [
      headTag('meta', { name: 'description' }, { content: description }),
      headTag('link', { rel: 'canonical' }, { href: origin + pathname }),
      ...locales
        .split(',')
        .filter(Boolean)
        .map((locale) =>
          headTag(
            'link',
            { rel: 'alternate', hreflang: locale },
            { href: origin + localizePath(path, locale as LocaleCode) },
          ),
        ),
      headTag(
        'link',
        { rel: 'alternate', hreflang: 'x-default' },
        { href: origin + localizePath(path, DEFAULT_LOCALE) },
      ),
    ];
    return () => {
      for (const remove of removals) remove();
    };
  }, [description, pathname, locales]);
}
