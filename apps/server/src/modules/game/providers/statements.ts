import type { AppContext } from '../../../context.ts';
import { statementDay, type PartnerStatement } from '../../../lib/partner-statement.ts';
import { AGGREGATORS } from './registry.ts';

/**
 * The daily statements (UTC day `date`, `YYYY-MM-DD`) of every game aggregator this deployment runs
 * that publishes one, each fetched and its signature checked by its adapter, in the one normalized shape.
 */
export async function gameStatements(ctx: AppContext, date: string): Promise<PartnerStatement[]> {
  const day = statementDay(date);
  const running = AGGREGATORS.filter((aggregator) => aggregator.runs(ctx));
  return Promise.all(running.flatMap((aggregator) => (aggregator.statement ? [aggregator.statement(ctx, day)] : [])));
}
