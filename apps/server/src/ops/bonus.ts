import fs from 'node:fs';
import { z } from 'zod';
import { bonusDefinitionInputSchema, formatMinor } from '@casino/contracts';
import { fieldError } from '../lib/errors.ts';
import type { UnitOfWorkContext } from '../outbox/unit-of-work.ts';
import {
  createDefinition,
  issueBonus,
  listDefinitions,
  setDefinitionEnabled,
  type BonusRules,
} from '../modules/bonus/index.ts';
import { findGame } from '../modules/game/index.ts';
import { subunitOf } from '../modules/settings/index.ts';
import { contactOf, namesPlayer, playerNaming, playerOf } from './who.ts';

/** `npm run ops -- bonus …`: bonus definitions and bonuses issued by hand. */
export const opsBonusBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), definition: bonusDefinitionInputSchema }).strict(),
  z.object({ action: z.literal('list') }).strict(),
  z.object({ action: z.enum(['enable', 'disable']), name: z.string().min(1).max(120) }).strict(),
  z
    .object({
      action: z.literal('issue'),
      ...playerNaming,
      name: z.string().min(1).max(120),
      currency: z.string().min(1).max(10),
    })
    .strict()
    .refine(...namesPlayer),
]);
export type OpsBonusBody = z.infer<typeof opsBonusBodySchema>;

/** The definition file the operator names, read and checked on the operator's side. */
export function readDefinitionFile(file: string): z.infer<typeof bonusDefinitionInputSchema> {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw fieldError('file', `${file} is not a readable JSON file: ${(error as Error).message}`);
  }
  const parsed = bonusDefinitionInputSchema.safeParse(json);
  if (!parsed.success)
    throw fieldError(
      'file',
      `${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}

const amounts = (values: Record<string, number>) =>
  Object.entries(values)
    .map(([currency, minor]) => `${formatMinor(BigInt(minor), subunitOf(currency))} ${currency}`)
    .join(', ');

/** The one implementation behind `POST /api/ops/bonus` and the CLI's own database access. */
export async function opsBonus(ctx: UnitOfWorkContext, body: OpsBonusBody, rules: BonusRules) {
  switch (body.action) {
    case 'create': {
      const row = await createDefinition(
        ctx.db,
        body.definition,
        async (game) => (await findGame(ctx.db, game))?.id ?? null,
      );
      return { message: `Created bonus "${row.name}": ${amounts(row.amounts)}, wagering ×${row.wagerMultiplier}` };
    }
    case 'list': {
      const rows = await listDefinitions(ctx.db);
      if (rows.length === 0) return { message: 'No bonus definitions yet (npm run ops -- bonus create <file>).' };
      return {
        message: rows
          .map(
            (row) =>
              `${row.name}  [${row.enabled ? 'enabled' : 'disabled'}]  ${amounts(row.amounts)}  wagering ×${Math.min(row.wagerMultiplier, rules.maxWagerMultiplier)}` +
              (Object.keys(row.maxBet).length > 0 ? `  max bet ${amounts(row.maxBet)}` : ''),
          )
          .join('\n'),
      };
    }
    case 'enable':
    case 'disable':
      await setDefinitionEnabled(ctx.db, body.name, body.action === 'enable');
      return { message: `Bonus "${body.name}" ${body.action}d` };
    case 'issue': {
      const player = await playerOf(ctx.db, body);
      const bonus = await issueBonus(ctx, rules, {
        playerId: player.id,
        definition: body.name,
        currency: body.currency,
        source: 'ops',
      });
      return {
        message: `Issued "${bonus.name}" (${formatMinor(bonus.amountMinor, subunitOf(bonus.currency))} ${bonus.currency}) to ${contactOf(player)}; it waits for activation until ${bonus.activationExpiresAt.toISOString()}`,
      };
    }
  }
}
