/** Loyalty: points earned by real-money play, levels and their rewards. */
export { awardPoints, type PointsAward } from './service.ts';
export { accountOf, levelRows, listRates, replaceLevels, setRate } from './service.ts';
export { loyaltyModule } from './manifest.ts';
export { seedDemoLoyalty } from './seed.ts';
