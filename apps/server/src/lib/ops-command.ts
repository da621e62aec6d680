import fs from 'node:fs';
import { z } from 'zod';
import type { StaffPermission, StaffSubject } from '@casino/contracts';
import { fieldError } from './errors.ts';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { UnitOfWorkContext } from '../outbox/unit-of-work.ts';

/**
 * What an operator command runs with: the database and outbox, the deployment's config, and the node
 * when a running server runs it (null when the CLI opened the database itself), for what only a node
 * holds: its sessions, caches and partner connections.
 */
export type CommandContext = UnitOfWorkContext & { config: Config; node: AppContext | null };

/** A command line the command does not take; the message says what it takes. */
export class CommandArgsError extends Error {}

/**
 * One operator command (`npm run ops -- <word> …`), declared by the module it belongs to (its
 * manifest's `commands`). The CLI parses the line, then asks a running server (POST /api/admin/commands/<route>,
 * loopback and the per-start secret) or, when none runs, opens the database and runs it itself: the
 * same `run` either way.
 */
export type OpsCommand<B = never, R = never> = {
  /** The first word on the command line. Commands may share one: each parse answers null for lines not its own. */
  word: string;
  /** Its lines in `help`, indented two spaces, its explanation six. */
  usage: string;
  /** The words after `word` as the request body; null: not this command's line; CommandArgsError: a wrong one. */
  parse(args: string[]): B | null;
  /** Its route under /api/admin/commands/, and the schemas of the route's body and answer. */
  route: string;
  body: z.ZodType<B>;
  result: z.ZodType<R>;
  /** `server`: only through a running server (it needs the node's partner connections); default anywhere. */
  runs?: 'anywhere' | 'server';
  /** What a staff member needs to run it through the admin API (the role matrix, contracts/staff.ts). */
  permission(body: B): StaffPermission;
  /**
   * The money it moves, for the four-eyes rule: above the operator's threshold a second, different
   * staff member must approve before it runs. Amount in major units, as typed.
   */
  money?(ctx: CommandContext, body: B): Promise<{ amount: string; currency: string } | null>;
  run(ctx: CommandContext, body: B): Promise<R>;
  /** The argument the operator typed for a request field, where it is not the field's name (`periodStart`: `--period-start`). */
  argumentOf?: Readonly<Record<string, string>>;
  /** The line printed for the answer. */
  describe(result: R): string;
};

/**
 * A command of any body and answer, as the lists hold them (its methods are bivariant in their
 * parameters, so every command is one).
 */
export type AnyOpsCommand = OpsCommand<unknown, unknown>;

/** Checks one command's body and answer types against each other; the list then holds it as AnyOpsCommand. */
export const opsCommand = <B, R>(command: OpsCommand<B, R>): AnyOpsCommand => command as AnyOpsCommand;

/** A command that only reads `subject`. */
export const reads = (subject: StaffSubject) => (): StaffPermission => ({ action: 'read', subject });

/** A command that changes `subject`. */
export const writes = (subject: StaffSubject) => (): StaffPermission => ({ action: 'write', subject });

/** A command of several actions on `subject`: those listed only read it, every other writes. */
export const readsOn =
  (subject: StaffSubject, readActions: readonly string[]) =>
  <B extends { action?: string }>(body: B): StaffPermission => ({
    action: readActions.includes(body.action ?? '') ? 'read' : 'write',
    subject,
  });

/** Most commands answer one line for the operator. */
export const opsMessageSchema = z.object({ message: z.string() });
export type OpsMessage = z.infer<typeof opsMessageSchema>;

/** The fields of a command that answers one line: its answer schema and how it is printed. */
export const answersMessage = { result: opsMessageSchema, describe: (result: OpsMessage) => result.message };

/**
 * A JSON file the operator names (a definition, a tournament, the levels), read and checked against
 * its schema on the operator's side; a refusal names the file and each problem (`whole`: the name of a
 * problem of the file as a whole).
 */
export function readInputFile<T>(file: string, schema: z.ZodType<T>, whole = ''): T {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw fieldError('file', `${file} is not a readable JSON file: ${(error as Error).message}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw fieldError(
      'file',
      `${file}: ${parsed.error.issues.map((i) => `${i.path.join('.') || whole}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}
