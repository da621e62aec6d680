// Public surface of the bonuses feature: the push channel, loaded on demand so its payload schema
// (zod) stays out of the first JS. The pages use page.ts; the modal registry uses modals.ts.
import { lazy } from 'react';
export const loadBonusesChannel = () => import('./bonuses-channel.ts');
/** The header balance popover's cashback lines (players only; render inside Suspense). */
export const HeaderCashback = lazy(() => import('./cashback.tsx').then((m) => ({ default: m.HeaderCashback })));
/** The history page's bonuses tab: finished bonuses and free spins. */
export const BonusHistory = lazy(() => import('./bonus-history.tsx').then((m) => ({ default: m.BonusHistory })));
/** The deposit form's bonus code (trigger 3) and the codes waiting for a deposit (render inside Suspense). */
export const DepositBonusCode = lazy(() => import('./deposit-code.tsx').then((m) => ({ default: m.DepositBonusCode })));
