/** Lower case without accents, so "Pragmatic" matches "prágmatic" and "Ç" matches "c". */
export const foldText = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
