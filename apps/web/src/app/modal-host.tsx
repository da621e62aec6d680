import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@/shared/router';
import { MODALS, canOpenModal, isModalName } from '@casino/contracts';
import { useSession } from '@/features/auth';
import { usePlayerInit } from '@/shared/lib/player-init.ts';
import { rememberReturnPath } from '@/shared/lib/return-path.ts';
import { modalEntries, parseSearch, toSearch } from '@/shared/modals/modal-query.ts';
import { isRegisteredModal } from './absent-modals.ts';

// The dialog machinery (Radix, focus trap, scroll lock) loads with the first modal, not with the page.
const ModalLayer = lazy(() => import('./modal-layer.tsx'));

/**
 * Renders the modals named in the URL query, stacked in query order. A key the visitor may not open
 * (a guest-only modal for a player, a player-only one for a guest, one not built) is removed from the
 * URL without a history entry. A guest who followed a player-only link (`?wallet=deposit`) is asked to
 * sign in instead, and comes back to it afterwards. While the session is still being restored we
 * cannot tell, so those keys wait.
 */
export function ModalHost() {
  const location = useLocation();
  const navigate = useNavigate();
  const status = useSession((s) => s.status);
  const { features } = usePlayerInit();
  const entries = modalEntries(parseSearch(location.search));

  // Keys are checked when the URL changes and when the session first becomes known, not when a
  // sign-in or sign-up flips the status: those flows move the URL on themselves (sign-up → wallet),
  // and stripping the old URL at that moment would cancel their navigation.
  const checked = useRef<{ key: string; known: boolean }>({ key: '', known: false });
  useEffect(() => {
    if (status === 'unknown' || status === 'offline') return;
    const fresh = checked.current.key !== location.key || !checked.current.known;
    checked.current = { key: location.key, known: true };
    if (!fresh) return;
    const isPlayer = status === 'player';
    // Who may open the modal a query key names; null for other keys and for modals not built (or whose flag is off).
    const accessOf = (key: string) => (isModalName(key) && isRegisteredModal(key, features) ? MODALS[key] : null);
    const all = parseSearch(location.search);
    const allowed = (key: string) =>
      !isModalName(key) || (isRegisteredModal(key, features) && canOpenModal(key, isPlayer));
    const kept = all.filter(([key]) => allowed(key));
    if (kept.length === all.length) return;
    const held = isPlayer ? undefined : all.find(([key]) => accessOf(key) === 'player');
    if (held) {
      // The sign-in dialog brings a successful sign-in back here, with the player's modal open.
      const back = all.filter(([key]) => accessOf(key) !== 'guest' && (allowed(key) || accessOf(key) === 'player'));
      rememberReturnPath(location.pathname + toSearch(back));
      if (!kept.some(([key]) => accessOf(key) === 'guest')) kept.push(['sign-in', held[0]]);
    }
    void navigate(
      { pathname: location.pathname, search: toSearch(kept), hash: location.hash },
      { replace: true, preventScrollReset: true, state: location.state },
    );
  }, [status, location, navigate, features]);

  // A layer mounts only after the one below it: each dialog hides the rest of the page from screen
  // readers when it mounts, and a lower dialog mounting in the same commit would hide the top one.
  const [mounted, setMounted] = useState<ReadonlySet<string>>(new Set());
  const onMounted = useCallback((name: string, isMounted: boolean) => {
    setMounted((prev) => {
      if (prev.has(name) === isMounted) return prev;
      const next = new Set(prev);
      if (isMounted) next.add(name);
      else next.delete(name);
      return next;
    });
  }, []);

  const visible = entries.filter(
    (e) =>
      isRegisteredModal(e.name, features) &&
      (status === 'unknown' || status === 'offline'
        ? MODALS[e.name] === 'any'
        : canOpenModal(e.name, status === 'player')),
  );
  const firstWaiting = visible.findIndex((e) => !mounted.has(e.name));
  const shown = firstWaiting === -1 ? visible : visible.slice(0, firstWaiting + 1);
  if (shown.length === 0) return null;
  return (
    <Suspense fallback={null}>
      {shown.map((entry, level) => (
        <ModalLayer key={entry.name} entry={entry} level={level} onMounted={onMounted} />
      ))}
    </Suspense>
  );
}
