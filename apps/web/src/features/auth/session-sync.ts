/**
 * Cross-tab sign-in state. A tab that signs in or out writes `changeSession` =
 * base64("<random>-login" | "<random>-logout"); the random part makes every write an event.
 * Other tabs read the second dash-separated part: 'login' reloads a signed-out tab, 'logout' sends
 * a signed-in tab to the home page of its locale.
 */
export const CHANGE_SESSION_KEY = 'changeSession';
export type SessionChange = 'login' | 'logout';

export function broadcastSessionChange(change: SessionChange): void {
  const random = Math.random().toString(36).slice(2) + Date.now().toString(36);
  try {
    localStorage.setItem(CHANGE_SESSION_KEY, btoa(`${random}-${change}`));
  } catch {
    // Without storage there are no other tabs to tell.
  }
}

export function decodeSessionChange(value: string | null): SessionChange | null {
  if (!value) return null;
  try {
    const part = atob(value).split('-')[1];
    return part === 'login' || part === 'logout' ? part : null;
  } catch {
    return null;
  }
}

/** Calls `onChange` for changes made in other tabs (the storage event never fires in the writing tab). */
export function listenSessionChanges(onChange: (change: SessionChange) => void): () => void {
  const handler = (event: StorageEvent) => {
    if (event.key !== CHANGE_SESSION_KEY) return;
    const change = decodeSessionChange(event.newValue);
    if (change) onChange(change);
  };
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
}
