/** Loyalty: points earned by real-money play, levels and their rewards. */
export { awardPoints, type PointsAward } from './service.ts';
