import type { AppContext } from '../../../context.ts';
import { statementDay, type PartnerStatement } from '../../../lib/partner-statement.ts';
import { providersOf } from './index.ts';

/**
 * The daily statements (UTC day `date`, `YYYY-MM-DD`) of every payment provider this node runs that
 * publishes one, each fetched and its signature checked by its adapter, in the one normalized shape.
 */
export async function paymentStatements(ctx: AppContext, date: string): Promise<PartnerStatement[]> {
  const day = statementDay(date);
  const providers = [...providersOf(ctx).values()];
  return Promise.all(providers.flatMap((provider) => (provider.statement ? [provider.statement(day)] : [])));
}
