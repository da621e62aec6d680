import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { fieldError } from '../../lib/errors.ts';
import { CommandArgsError, answersMessage, opsCommand, type OpsMessage, writes } from '../../lib/ops-command.ts';
import { importContent } from './service.ts';

export const opsContentBodySchema = z.object({ dir: z.string().min(1).max(1000) }).strict();
export type OpsContentBody = z.infer<typeof opsContentBodySchema>;

/** Loads a content folder (`<locale>/<area>/<identity>.md`); unchanged files are left alone. */
export async function opsContent(db: DbOrTx, body: OpsContentBody): Promise<OpsMessage> {
  const dir = path.resolve(body.dir);
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw fieldError('dir', `No folder at ${dir}`);
  const { written, files } = await importContent(db, dir);
  return { message: `Imported ${dir}: ${files} files, ${written} new or changed` };
}

/** `content import <dir>` (the folder as the operator's shell names it). */
function parseContent(args: string[]): OpsContentBody {
  if (args[0] !== 'import' || !args[1] || args.length !== 2) throw new CommandArgsError('content needs import <dir>.');
  return { dir: path.resolve(args[1]) };
}

export const contentCommand = opsCommand({
  word: 'content',
  usage: `  content import <dir>
      Load content pages from a folder laid out as <locale>/<static|question|bonus>/<identity>.md.`,
  parse: parseContent,
  route: 'content',
  permission: writes('Content'),
  body: opsContentBodySchema,
  ...answersMessage,
  run: (ctx, body) => opsContent(ctx.db, body),
});
