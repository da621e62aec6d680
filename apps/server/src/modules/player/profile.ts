import { eq } from 'drizzle-orm';
import {
  buildFieldsSchema,
  LOCALE_CODES,
  MIN_AGE_YEARS,
  TIME_ZONES,
  ValidationMessage,
  type Profile,
  type ProfileUpdateBody,
} from '@casino/contracts';
import { unprocessable } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { enqueue, withTransaction } from '../../outbox/index.ts';
import type { UnitOfWorkContext } from '../../outbox/unit-of-work.ts';
import { COUNTRY_CODES, enabledCurrencyCodes } from '../settings/index.ts';
import { PROFILE_FIELDS } from './fields.ts';
import { toProfile } from './service.ts';
import { players } from './tables.ts';

export const FIELD_LOCKED = 'This field can no longer be changed. Please contact our Support Team.';
export const TOO_YOUNG = `You must be at least ${MIN_AGE_YEARS} years old`;

const profileRules = buildFieldsSchema(PROFILE_FIELDS, {
  currencies: enabledCurrencyCodes(),
  countries: COUNTRY_CODES,
});
const LOCKED = new Set(PROFILE_FIELDS.filter((f) => !f.editable).map((f) => f.name));
const TIME_ZONE_IDS: ReadonlySet<string> = new Set(TIME_ZONES.map((z) => z.id));

type Column = keyof ProfileUpdateBody;
/** Body names whose column is named otherwise. */
const COLUMN: Partial<Record<Column, keyof typeof players.$inferSelect>> = {
  cpf_number: 'cpfNumber',
  securityAnswer: 'securityAnswerHash',
};
export const ANSWER_NEEDED = 'Give the answer to your security question';

/** A real calendar date (YYYY-MM-DD), not in the future, at least MIN_AGE_YEARS ago. */
function birthdateProblem(value: string, now: Date): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!)) : null;
  if (!date || date.toISOString().slice(0, 10) !== value || date.getUTCFullYear() < 1900) return ValidationMessage.date;
  const adultFrom = new Date(Date.UTC(now.getUTCFullYear() - MIN_AGE_YEARS, now.getUTCMonth(), now.getUTCDate()));
  return date > adultFrom ? TOO_YOUNG : null;
}

/**
 * Saves the fields present in `body` (an empty string clears an editable one) and answers the new
 * profile. Every problem comes back at once, per field, as one 422.
 */
export async function updateProfile(
  ctx: UnitOfWorkContext,
  playerId: string,
  body: ProfileUpdateBody,
  now = new Date(),
): Promise<Profile> {
  const [current] = await ctx.db.select().from(players).where(eq(players.id, playerId)).limit(1);
  if (!current) throw unprocessable('No such player');
  const fields: Record<string, string[]> = {};
  const problem = (name: string, message: string) => (fields[name] ??= []).push(message);

  // Country codes are upper case wherever they are kept; accept them typed either way.
  if (body.country) body = { ...body, country: body.country.toUpperCase() };
  const parsed = profileRules.safeParse(body);
  if (!parsed.success) for (const issue of parsed.error.issues) problem(String(issue.path[0] ?? '_'), issue.message);

  const changes: Partial<Record<string, string | boolean | null>> = {};
  const changed: string[] = [];
  for (const [name, raw] of Object.entries(body) as [Column, string | boolean | undefined][]) {
    if (raw === undefined || fields[name]) continue;
    let value = typeof raw === 'string' ? raw.trim() || null : raw;
    // A CPF is kept as its 11 digits, however it was typed (123.456.789-09).
    if (name === 'cpf_number' && typeof value === 'string') value = value.replace(/\D/g, '');
    const column = COLUMN[name] ?? name;
    const before = current[column as keyof typeof current] ?? null;
    if (name === 'securityAnswer') {
      // Stored hashed, as a password: an answer is never compared or shown in the clear.
      changes[column] = typeof value === 'string' ? await hashPassword(value.toLowerCase()) : null;
      changed.push(name);
      continue;
    }
    if (value === before) continue;
    if (LOCKED.has(name) && before !== null) {
      problem(name, FIELD_LOCKED);
      continue;
    }
    if (name === 'birthdate' && typeof value === 'string') {
      const wrong = birthdateProblem(value, now);
      if (wrong) problem(name, wrong);
    }
    if (name === 'timeZone' && typeof value === 'string' && !TIME_ZONE_IDS.has(value))
      problem(name, ValidationMessage.or);
    if (name === 'locale' && (typeof value !== 'string' || !LOCALE_CODES.includes(value)))
      problem(name, ValidationMessage.or);
    changes[column] = value;
    changed.push(name);
  }
  // A question needs its answer (given now, or kept from before).
  const question = 'securityQuestion' in changes ? changes.securityQuestion : current.securityQuestion;
  const answered = 'securityAnswerHash' in changes ? changes.securityAnswerHash : current.securityAnswerHash;
  if (question && !answered) problem('securityAnswer', ANSWER_NEEDED);
  if (Object.keys(fields).length > 0) throw unprocessable('The request is not valid', fields);
  if (Object.keys(changes).length === 0) return toProfile(current, false);
  const saved = await withTransaction(ctx, async (tx) => {
    const [row] = await tx
      .update(players)
      // Each value passed its field's check above (booleans only for the promo toggles).
      .set({ ...(changes as Partial<typeof players.$inferInsert>), updatedAt: now })
      .where(eq(players.id, playerId))
      .returning();
    await enqueue(tx, 'player.profile.updated', { playerId, fields: changed.toSorted() });
    return row!;
  });
  return toProfile(saved, false);
}
