/** Removes the splash from index.html once the app has something to show. */
export function dismissPreloader() {
  const el = document.getElementById('preloader');
  if (!el || el.classList.contains('is-hidden')) return;
  el.classList.add('is-hidden');
  setTimeout(() => el.remove(), 300);
}

/**
 * Spec point 4: the auth hand-off routes keep the preloader up while they sign the visitor in;
 * those pages dismiss it themselves when done.
 */
export function keepsPreloader(pathname: string, search: string): boolean {
  const q = new URLSearchParams(search);
  if (pathname.endsWith('/auth/autologin')) return q.has('state');
  if (pathname.endsWith('/auth/callback')) return q.has('code') && q.has('state');
  return false;
}
