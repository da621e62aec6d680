import { notFound } from '../../lib/errors.ts';
import { issueFreespins } from './freespins.ts';
import { definitionOf, issueBonus, type BonusRules, type IssueInput } from './service.ts';
import type { UnitOfWorkContext } from '../../outbox/index.ts';

/**
 * Issues what a definition offers: a bonus (types 1 and 2, and cashback), or free spins (type 3). The
 * one entry point for deposits, codes and cashback, so each gets every kind of offer.
 */
export async function issueOffer(ctx: UnitOfWorkContext, rules: BonusRules, input: IssueInput) {
  const definition = await definitionOf(ctx.db, input.definition);
  if (!definition) throw notFound(`No bonus named "${input.definition}"`);
  if (definition.type === 3)
    return {
      kind: 'freespins' as const,
      freespins: await issueFreespins(ctx, rules, { ...input, definition: definition.id }),
    };
  return { kind: 'bonus' as const, bonus: await issueBonus(ctx, rules, { ...input, definition: definition.id }) };
}
