import { notFound } from '../../lib/errors.ts';
import type { UnitOfWorkContext } from '../../outbox/index.ts';
import { bonusConsent } from '../player/index.ts';
import { issueFreespins } from './freespins.ts';
import { assertOnePerPerson } from './one-per-person.ts';
import { definitionOf, issueBonus, type BonusRules, type IssueInput } from './service.ts';

/**
 * What an unasked promotion becomes for a player who has not consented to promotional bonuses: recorded
 * with this result, never issued, and not paid later when the player opts in (decisions.md, Loyalty).
 */
export const WITHHELD_NO_CONSENT = 'withheld: no consent to promotional bonuses';

type Issued = Awaited<ReturnType<typeof issueBonus>>;
type IssuedSpins = Awaited<ReturnType<typeof issueFreespins>>;
export type IssuedOffer = { kind: 'bonus'; bonus: Issued } | { kind: 'freespins'; freespins: IssuedSpins };
export type WithheldOffer = { kind: 'withheld'; result: typeof WITHHELD_NO_CONSENT };

/**
 * Issues what a definition offers: a bonus (types 1 and 2, and cashback), or free spins (type 3). The
 * one entry point for every offer — deposits, codes, cashback, quests, loyalty and tournaments — so each
 * gets every kind of offer and one consent rule:
 *
 * `unasked: true` marks a promotion the player did not ask for (a tournament prize, a loyalty level's
 * reward, cashback). Of a promotional definition (the default) it is issued only with the player's
 * consent to promotional bonuses (`receiveBonus`); without it nothing is issued and the answer is
 * `withheld`. Offers the player asked for — a code they typed, the deposit bonus they chose, the rewards
 * of a quest they took on — leave it out. A one-per-person definition is issued once per person
 * (linked accounts count as one), whoever asks.
 */
export async function issueOffer(
  ctx: UnitOfWorkContext,
  rules: BonusRules,
  input: IssueInput & { unasked: true },
): Promise<IssuedOffer | WithheldOffer>;
export async function issueOffer(
  ctx: UnitOfWorkContext,
  rules: BonusRules,
  input: IssueInput & { unasked?: false },
): Promise<IssuedOffer>;
export async function issueOffer(
  ctx: UnitOfWorkContext,
  rules: BonusRules,
  { unasked, ...input }: IssueInput & { unasked?: boolean },
): Promise<IssuedOffer | WithheldOffer> {
  const definition = await definitionOf(ctx.db, input.definition);
  if (!definition) throw notFound(`No bonus named "${input.definition}"`);
  if (unasked && definition.promotional && !(await bonusConsent(ctx.db, input.playerId)))
    return { kind: 'withheld', result: WITHHELD_NO_CONSENT };
  await assertOnePerPerson(ctx.db, definition, input.playerId);
  if (definition.type === 3)
    return {
      kind: 'freespins' as const,
      freespins: await issueFreespins(ctx, rules, { ...input, definition: definition.id }),
    };
  return { kind: 'bonus' as const, bonus: await issueBonus(ctx, rules, { ...input, definition: definition.id }) };
}

/** How a reward's row records an offer: `bonus:<id>`, `freespins:<id>`, or why it was withheld. */
export const offerResult = (offer: IssuedOffer | WithheldOffer): string =>
  offer.kind === 'bonus'
    ? `bonus:${offer.bonus.id}`
    : offer.kind === 'freespins'
      ? `freespins:${offer.freespins.id}`
      : offer.result;
