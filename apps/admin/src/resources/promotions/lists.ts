import type { RaRecord } from 'react-admin';
import { api } from '../../http.ts';
import type { BonusDefinition } from './bonus-types.ts';

/** The bonus definitions, each with its name as its id (the commands name it so). */
const definitions = async () =>
  (await api<BonusDefinition[]>('/bonus/definitions')).data.map((row) => ({ ...row, id: row.name }));

/** The promotions screens' lists, as the data provider serves them (whole: they are short). */
export const PROMOTION_LISTS: Record<string, () => Promise<RaRecord[]>> = {
  'bonus-definitions': definitions,
  'free-spins': async () => (await definitions()).filter((row) => row.freespins !== null),
  cashback: async () => (await definitions()).filter((row) => row.cashback !== null),
  quests: async () =>
    (await api<{ identity: string }[]>('/quests/definitions')).data.map((row) => ({ ...row, id: row.identity })),
  tournaments: async () =>
    (await api<{ identity: string }[]>('/tournaments')).data.map((row) => ({ ...row, id: row.identity })),
};
