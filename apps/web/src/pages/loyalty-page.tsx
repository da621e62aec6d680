import { LoyaltyPage } from '@/features/loyalty/page.ts';

/** `/loyalty` (loyalty on): the levels and the player's progress. */
export default LoyaltyPage;
