// Its own module so the schema (and zod with it) is fetched only when the live strip subscribes.
export { gameWinnerEventSchema } from '@casino/contracts';
