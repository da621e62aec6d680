// What the loyalty page uses (loaded with that page, never in the first JS).
export { LoyaltyPage } from './loyalty-page.tsx';
