import type { DataProvider, GetListParams, RaRecord } from 'react-admin';
import { api, command } from './http.ts';
import { contentCreate, contentList, contentOne, contentUpdate } from './resources/content-data.ts';
import { PROMOTION_LISTS } from './resources/promotions/lists.ts';

type Rows = RaRecord[];

/** Each resource's list, as the admin API answers it (whole: the queues and lists are short). */
const LISTS: Record<string, (filter: Record<string, unknown>) => Promise<Rows>> = {
  documents: async () => (await api<Rows>('/documents')).data,
  withdrawals: async () =>
    (await command<{ invoices: Rows }>('invoices', { action: 'withdrawals-list' })).data.invoices,
  'bank-transfers': async () =>
    (await command<{ invoices: Rows }>('invoices', { action: 'deposits-list' })).data.invoices,
  approvals: async () => (await api<Rows>('/approvals')).data,
  'bonus-codes': async () =>
    (await api<{ code: string }[]>('/bonus/codes')).data.map((row) => ({ ...row, id: row.code })),
  // Bonus definitions (free spins, cashback), quests, tournaments.
  ...PROMOTION_LISTS,
  staff: async () => (await api<Rows>('/staff')).data,
  content: contentList,
  // Filtered by the server (status, kind, player), newest first, at most 500.
  alerts: async (filter) => {
    const query = new URLSearchParams({ limit: '500' });
    for (const key of ['status', 'kind', 'playerId', 'assignee'] as const)
      if (typeof filter[key] === 'string' && filter[key]) query.set(key, filter[key]);
    return (await api<Rows>(`/alerts?${query}`)).data;
  },
  // The server searches (a phone in any spelling, the short id…); without words, no list.
  players: async (filter) =>
    typeof filter.q === 'string' && filter.q.trim()
      ? (await api<Rows>(`/players?q=${encodeURIComponent(filter.q.trim())}`)).data
      : [],
  audit: async (filter) => {
    const query = new URLSearchParams();
    for (const key of ['staffId', 'playerId', 'action'] as const)
      if (typeof filter[key] === 'string' && filter[key]) query.set(key, filter[key]);
    query.set('limit', '500');
    return (await api<Rows>(`/audit?${query}`)).data;
  },
};

/** Sorting, the free-text filter and paging, done here over the whole list. */
function page(rows: Rows, params: GetListParams, searched = false) {
  const { field, order } = params.sort ?? { field: 'id', order: 'ASC' };
  const q = !searched && typeof params.filter?.q === 'string' ? params.filter.q.toLowerCase() : '';
  const kept = q ? rows.filter((row) => JSON.stringify(row).toLowerCase().includes(q)) : rows;
  const sorted = kept.toSorted((a, b) => {
    const [x, y] = [a[field], b[field]];
    const by = x === y ? 0 : x === undefined || x === null ? -1 : y === undefined || y === null ? 1 : x < y ? -1 : 1;
    return order === 'DESC' ? -by : by;
  });
  const { page: n = 1, perPage = 25 } = params.pagination ?? {};
  return { data: sorted.slice((n - 1) * perPage, n * perPage), total: sorted.length };
}

const unsupported = (what: string) => () => Promise.reject(new Error(`${what} is not offered here`));

async function listOf(resource: string, filter: Record<string, unknown> = {}) {
  const list = LISTS[resource];
  if (!list) throw new Error(`Unknown resource ${resource}`);
  return list(filter);
}

/** What react-admin asks of the admin API: lists (and one row of them), invitations and bonus codes. */
export const dataProvider: DataProvider = {
  getList: async (resource, params) =>
    page(await listOf(resource, params.filter), params, resource === 'players') as never,
  getOne: async (resource, params) => {
    if (resource === 'players') return { data: (await api<RaRecord>(`/players/${params.id}`)).data as never };
    if (resource === 'content') return { data: (await contentOne(params.id)) as never };
    if (resource === 'alerts')
      return { data: (await api<RaRecord>(`/alerts/${encodeURIComponent(String(params.id))}`)).data as never };
    const row = (await listOf(resource)).find((r) => String(r.id) === String(params.id));
    if (!row) throw new Error('Not found (it may have been decided already)');
    return { data: row as never };
  },
  getMany: async (resource, params) => ({
    data: (await listOf(resource)).filter((r) => params.ids.map(String).includes(String(r.id))) as never[],
  }),
  getManyReference: async (resource, params) => page(await listOf(resource, params.filter), params) as never,
  create: async (resource, params) => {
    if (resource === 'staff') {
      const { data } = await api<{ staff: RaRecord; enrolUrl: string }>('/staff', {
        method: 'POST',
        body: params.data,
      });
      return { data: { ...data.staff, enrolUrl: data.enrolUrl } as never };
    }
    if (resource === 'bonus-codes') {
      await command('bonus', { action: 'code-create', ...params.data });
      return { data: { ...params.data, id: params.data.code } as never };
    }
    if (resource === 'content') return { data: (await contentCreate(params.data)) as never };
    throw new Error(`${resource} cannot be created here`);
  },
  update: async (resource, params) => {
    if (resource === 'content')
      return { data: (await contentUpdate(params.id, params.data, params.previousData)) as never };
    throw new Error(`${resource} cannot be edited here`);
  },
  updateMany: unsupported('Editing'),
  delete: unsupported('Deleting'),
  deleteMany: unsupported('Deleting'),
};
