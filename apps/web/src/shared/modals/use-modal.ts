import { useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from '@/shared/router';
import type { ModalName } from '@casino/contracts';
import { modalEntries, withModal, withoutModal, toSearch, parseSearch } from './modal-query.ts';

export type ModalApi = {
  open(name: ModalName, value?: string): void;
  close(name?: ModalName): void;
  replace(from: ModalName, to: ModalName, value?: string): void;
};

/** Opens and closes modals by editing the URL query; the modal host renders whatever the URL says. */
export function useModal(): ModalApi {
  const location = useLocation();
  const navigate = useNavigate();
  // Two calls in one tick (close then open) must build on each other, not on the rendered location.
  const latest = useRef(location.search);
  useLayoutEffect(() => {
    latest.current = location.search;
  }, [location.search]);

  return useMemo(() => {
    const go = (entries: [string, string][], replace: boolean) => {
      const search = toSearch(entries);
      latest.current = search;
      navigate(
        { pathname: location.pathname, search, hash: location.hash },
        { replace, preventScrollReset: true, state: { preventScrollReset: true } },
      );
    };
    return {
      open(name, value = '') {
        go(withModal(parseSearch(latest.current), name, value), false);
      },
      close(name) {
        const entries = parseSearch(latest.current);
        const target = name ?? modalEntries(entries).at(-1)?.name;
        if (!target) return;
        // Replace, not push: Back after closing should leave the page, not reopen the modal.
        go(withoutModal(entries, target), true);
      },
      replace(from, to, value = '') {
        go(withModal(withoutModal(parseSearch(latest.current), from), to, value), true);
      },
    };
  }, [location.pathname, location.hash, navigate]);
}
