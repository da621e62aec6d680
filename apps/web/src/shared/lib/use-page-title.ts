import { useEffect } from 'react';
import { BRAND_NAME } from './brand.ts';

/** Sets the document title for a page; the page-view event reads it after the page renders. */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND_NAME}` : BRAND_NAME;
  }, [title]);
}
