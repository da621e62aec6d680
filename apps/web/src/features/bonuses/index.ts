// Public surface of the bonuses feature: the push channel, loaded on demand so its payload schema
// (zod) stays out of the first JS. The pages use page.ts; the modal registry uses modals.ts.
export const loadBonusesChannel = () => import('./bonuses-channel.ts');
