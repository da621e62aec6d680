import type { Identifier, RaRecord } from 'react-admin';
import { api } from '../http.ts';

/** The content pages as the data provider serves them (GET/POST /content…). */

const FIELDS = ['title', 'description', 'category', 'position', 'markdown'] as const;

/**
 * Only what the form edits (react-admin sends the whole record). A cleared input comes as null: no
 * category, an empty description; a cleared position is left as it was.
 */
function editable(data: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const key of FIELDS) {
    const value = data[key] === '' ? null : data[key];
    if (value === undefined) continue;
    if (value !== null) out[key] = value;
    else if (key === 'category') out[key] = null;
    else if (key === 'description') out[key] = '';
  }
  return out;
}

/** The list, filtered by kind and locale here (the free-text search is the data provider's). */
export async function contentList(filter: Record<string, unknown>): Promise<RaRecord[]> {
  const rows = (await api<RaRecord[]>('/content')).data;
  return rows.filter(
    (row) => (!filter.area || row.area === filter.area) && (!filter.locale || row.locale === filter.locale),
  );
}

export const contentOne = async (id: Identifier) =>
  (await api<RaRecord>(`/content/${encodeURIComponent(String(id))}`)).data;

export const contentCreate = async (data: Record<string, unknown>) =>
  (
    await api<RaRecord>('/content', {
      method: 'POST',
      body: { area: data.area, identity: data.identity, locale: data.locale, ...editable(data) },
    })
  ).data;

/** An edit of the version the editor loaded: the server refuses it if the page changed since. */
export const contentUpdate = async (id: Identifier, data: Record<string, unknown>, previous: RaRecord) =>
  (
    await api<RaRecord>(`/content/${encodeURIComponent(String(id))}`, {
      method: 'POST',
      body: { ...editable(data), ...(previous.updatedAt ? { updatedAt: previous.updatedAt } : {}) },
    })
  ).data;
