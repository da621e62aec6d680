import { z } from 'zod';
import { emailSchema, staffRoleSchema, STAFF_ROLES } from '@casino/contracts';
import { answersMessage, CommandArgsError, opsCommand, writes } from '../../lib/ops-command.ts';
import { withTransaction } from '../../outbox/index.ts';
import { enrolPath, inviteStaff } from './identity.ts';

const staffCreateBodySchema = z.object({ email: emailSchema, role: staffRoleSchema }).strict();

/**
 * `staff create <email> --role <role>`: the bootstrap of the back office (the first administrator),
 * so it also runs with the server down, on the database itself. Prints the one-time enrolment link.
 */
export const staffCreateCommand = opsCommand({
  word: 'staff',
  usage: `  staff create <email> --role ${STAFF_ROLES.join('|')}
      Invite a staff member (the first administrator, too): prints their one-time enrolment link (72 h),
      where they set a password and their authenticator app.`,
  parse(args) {
    const [verb, email, ...rest] = args;
    if (verb !== 'create') return null;
    const roleAt = rest.findIndex((a) => a === '--role' || a.startsWith('--role='));
    const role = roleAt < 0 ? undefined : rest[roleAt]!.includes('=') ? rest[roleAt]!.split('=')[1] : rest[roleAt + 1];
    if (!email || !role) throw new CommandArgsError('staff create needs <email> --role <role>.');
    return { email, role };
  },
  route: 'staff',
  permission: writes('Staff'),
  body: staffCreateBodySchema,
  ...answersMessage,
  run: async (ctx, body: z.infer<typeof staffCreateBodySchema>) => {
    const invited = await withTransaction(ctx, (tx) => inviteStaff(tx, body.email, body.role));
    return {
      message: `Invited ${invited.staff.email} as ${invited.staff.role}. Enrolment link (once, 72 h): ${ctx.config.publicUrl}${enrolPath(invited.token)}`,
    };
  },
});
