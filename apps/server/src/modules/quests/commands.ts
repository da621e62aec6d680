import path from 'node:path';
import { z } from 'zod';
import { questDefinitionInputSchema } from '@casino/contracts';
import { CommandArgsError, answersMessage, opsCommand, readInputFile, readsOn } from '../../lib/ops-command.ts';
import type { UnitOfWorkContext } from '../../outbox/unit-of-work.ts';
import { contactOf, namesPlayer, playerNaming, playerOf } from '../player/index.ts';
import { createQuestDefinition, listQuestDefinitions, setQuestEnabled } from './definitions.ts';
import { issueQuest } from './player-quests.ts';

/** `npm run ops -- quest …`: quest definitions, and quests given to a player. */
export const opsQuestBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), definition: questDefinitionInputSchema }).strict(),
  z.object({ action: z.literal('list') }).strict(),
  z.object({ action: z.enum(['enable', 'disable']), identity: z.string().min(1).max(64) }).strict(),
  z
    .object({ action: z.literal('issue'), ...playerNaming, identity: z.string().min(1).max(64) })
    .strict()
    .refine(...namesPlayer),
]);
export type OpsQuestBody = z.infer<typeof opsQuestBodySchema>;

/** The quest file the operator names, read and checked on the operator's side. */
export function readQuestFile(file: string): z.infer<typeof questDefinitionInputSchema> {
  return readInputFile(file, questDefinitionInputSchema);
}

/** The one implementation behind `POST /api/admin/commands/quest` and the CLI's own database access. */
export async function opsQuest(ctx: UnitOfWorkContext, body: OpsQuestBody) {
  switch (body.action) {
    case 'create': {
      const row = await createQuestDefinition(ctx.db, body.definition);
      return {
        message: `Created quest "${row.identity}" (${row.name}): ${row.tasks.length} tasks, ${row.rewards.length} rewards`,
      };
    }
    case 'list': {
      const rows = await listQuestDefinitions(ctx.db);
      if (rows.length === 0) return { message: 'No quests yet (npm run ops -- quest create <file>).' };
      return {
        message: rows
          .map(
            (row) =>
              `${row.identity}  "${row.name}"  [${row.enabled ? 'enabled' : 'disabled'}]  ${row.tasks.length} tasks` +
              `${row.taskExecutionOrder === 1 ? ' in order' : ''}${row.concurrent ? ', concurrent' : ''}` +
              `, rewards: ${row.rewards.map((r) => (r.type === 3 ? `${r.points} points` : `"${r.bonus}"`)).join(', ') || 'none'}`,
          )
          .join('\n'),
      };
    }
    case 'enable':
    case 'disable':
      await setQuestEnabled(ctx.db, body.identity, body.action === 'enable');
      return { message: `Quest "${body.identity}" ${body.action}d` };
    case 'issue': {
      const player = await playerOf(ctx.db, body);
      const { quest, definition } = await issueQuest(ctx, player.id, body.identity);
      return {
        message: `Issued "${definition.name}" (${quest.currency}) to ${contactOf(player)}; it waits for the player to start it`,
      };
    }
  }
}

/** `quest create <file.json> | list | enable|disable <identity> | issue <player> <identity>`. */
function parseQuest(args: string[]): OpsQuestBody {
  const [verb, a, b] = args;
  if (verb === 'create' && a && args.length === 2)
    return { action: 'create', definition: readQuestFile(path.resolve(a)) };
  if (verb === 'list' && args.length === 1) return { action: 'list' };
  if ((verb === 'enable' || verb === 'disable') && a && args.length === 2) return { action: verb, identity: a };
  if (verb === 'issue' && a && b && args.length === 3) return { action: 'issue', player: a, identity: b };
  throw new CommandArgsError(
    'quest needs create <file.json> | list | enable <identity> | disable <identity> | issue <player> <identity>.',
  );
}

export const questCommand = opsCommand({
  word: 'quest',
  usage: `  quest create <file.json> | quest list | quest enable|disable <identity>
      Quest definitions (identity, name, tasks, rewards; task types in modules/quests/tables.ts).
  quest issue <player> <identity>
      Give a player a quest; it waits for the player to start it.`,
  parse: parseQuest,
  route: 'quest',
  permission: readsOn('Promotion', ['list']),
  body: opsQuestBodySchema,
  ...answersMessage,
  run: opsQuest,
});
