import { useLocation, useNavigate } from '@/shared/router';
import { readCatalogueParams, writeCatalogueParams, type SortKey } from './catalogue-params.ts';
import { toQueryString } from './paths.ts';

/**
 * The grid's provider filter and sort, kept in the URL so a filtered view can be shared and
 * survives a reload. Changes replace the history entry: Back leaves the page instead of undoing
 * one checkbox at a time.
 */
export function useCatalogueQuery() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const { providerIds, sort } = readCatalogueParams(params);
  const update = (next: { providerIds?: string[]; sort?: SortKey }) =>
    void navigate(
      { pathname: location.pathname, search: toQueryString(writeCatalogueParams(params, next)), hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  /** The filter and sort alone, for links to sibling collections. */
  const carried = toQueryString(writeCatalogueParams(new URLSearchParams(), { providerIds, sort }));
  return { providerIds, sort, update, carried };
}
