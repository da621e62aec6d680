import { isModalName, type ModalName } from '@casino/contracts';

/** Query parsing that keeps order and lets a key stand alone (`?sign-in`, not `?sign-in=`). */
export function parseSearch(search: string): [string, string][] {
  return [...new URLSearchParams(search).entries()];
}

export function toSearch(entries: [string, string][]): string {
  if (entries.length === 0) return '';
  const encode = (s: string) => encodeURIComponent(s);
  return '?' + entries.map(([k, v]) => (v === '' ? encode(k) : `${encode(k)}=${encode(v)}`)).join('&');
}

export type ModalEntry = { name: ModalName; value: string };

/** Modal keys of the query, in query order: the order is the stacking order (last on top). */
export function modalEntries(entries: [string, string][]): ModalEntry[] {
  const seen = new Set<string>();
  const out: ModalEntry[] = [];
  for (const [key, value] of entries) {
    if (!isModalName(key) || seen.has(key)) continue;
    seen.add(key);
    out.push({ name: key, value });
  }
  return out;
}

export function withoutModal(entries: [string, string][], name: ModalName): [string, string][] {
  return entries.filter(([key]) => key !== name);
}

/** Sets a modal key; an already open modal keeps its stack place and takes the new value. */
export function withModal(entries: [string, string][], name: ModalName, value: string): [string, string][] {
  if (entries.some(([key]) => key === name)) return entries.map(([k, v]) => (k === name ? [k, value] : [k, v]));
  return [...entries, [name, value]];
}
