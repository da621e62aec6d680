import { z } from 'zod';
import { text } from './text.ts';

import { formatMessage, ValidationMessage } from './validation-messages.ts';

export { formatMessage, ValidationMessage, type ValidationMessageKey } from './validation-messages.ts';

export const PASSWORD_MIN_LENGTH = 6;
export const NAME_MIN_LENGTH = 2;
export const PERSONAL_ID_MIN_LENGTH = 2;
export const CPF_LENGTH = 11;

/** Brazilian CPF: 11 digits, not all the same, two check digits. */
export function isValidCpf(input: string): boolean {
  const digits = input.replace(/[.\-\s]/g, '');
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

/** E.164-style international phone number check (a leading + and 8 to 15 digits). */
export const isValidPhone = (input: string) => /^\+[1-9]\d{7,14}$/.test(input.replace(/[\s()-]/g, ''));

/** A phone number as typed, international (`+49 151 …`): spaces, dashes and brackets go. The server checks it with libphonenumber. */
export const phoneSchema = z
  .string({ error: ValidationMessage.required })
  .trim()
  .min(1, ValidationMessage.required)
  .max(32, formatMessage(ValidationMessage.maxLength, { max: 32 }))
  .transform((v) => v.replace(/[\s()-]/g, ''))
  .refine(isValidPhone, ValidationMessage.phone);

export const emailSchema = z
  .string({ error: ValidationMessage.required })
  .trim()
  .min(1, ValidationMessage.required)
  .max(254, formatMessage(ValidationMessage.maxLength, { max: 254 }))
  .pipe(z.email({ error: ValidationMessage.email }))
  .transform((value) => value.toLowerCase());

export const passwordSchema = z
  .string({ error: ValidationMessage.required })
  .min(PASSWORD_MIN_LENGTH, formatMessage(ValidationMessage.minLength, { min: PASSWORD_MIN_LENGTH }))
  .max(128, formatMessage(ValidationMessage.maxLength, { max: 128 }));

/** A rule attached to a server-defined field (GET /api/player/fields/validations). */
export const fieldRuleSchema = z.object({
  name: z.enum([
    'required',
    'email',
    'minLength',
    'maxLength',
    'sameAs',
    'accepted',
    'currency',
    'country',
    'phone',
    'cpf',
    'date',
    'integer',
  ]),
  min: z.number().optional(),
  max: z.number().optional(),
  param: text().optional(),
  message: text(),
});
export type FieldRule = z.infer<typeof fieldRuleSchema>;

export const fieldMetaSchema = z.object({
  id: z.number().int(),
  name: text(),
  description: text(),
  editable: z.boolean(),
  isRequired: z.boolean(),
  isVisible: z.boolean(),
  position: z.number().int(),
  value: z.unknown().optional(),
  rules: z.array(fieldRuleSchema),
});
export type FieldMeta = z.infer<typeof fieldMetaSchema>;

export type FieldContext = { currencies: readonly string[]; countries: readonly string[] };

/**
 * Turns server-defined fields into one zod object. The server validates with it and the web
 * form validates with the very same schema, so a rule cannot drift between the two.
 */
export function buildFieldsSchema(fields: readonly FieldMeta[], context: FieldContext) {
  const shape: Record<string, z.ZodType> = {};
  const sameAs: { field: string; other: string; message: string }[] = [];
  for (const field of fields) {
    let schema: z.ZodType = fieldValueSchema(field, context);
    const sameRule = field.rules.find((r) => r.name === 'sameAs');
    if (sameRule?.param) sameAs.push({ field: field.name, other: sameRule.param, message: sameRule.message });
    if (!field.isRequired) schema = schema.optional().or(z.literal('').transform(() => undefined));
    shape[field.name] = schema;
  }
  let schema: z.ZodType = z.object(shape);
  for (const rule of sameAs) {
    // `when` keeps the check running while other fields are still invalid, so a form shows every error at once.
    schema = schema.refine(
      (values) => (values as Record<string, unknown>)[rule.field] === (values as Record<string, unknown>)[rule.other],
      {
        path: [rule.field],
        message: rule.message,
        when: (payload) => typeof payload.value === 'object' && payload.value !== null,
      },
    );
  }
  return schema as z.ZodType<Record<string, unknown>>;
}

function fieldValueSchema(field: FieldMeta, context: FieldContext): z.ZodType {
  const rules = field.rules;
  const has = (name: FieldRule['name']) => rules.find((r) => r.name === name);
  const requiredMessage = has('required')?.message ?? ValidationMessage.required;
  if (has('accepted')) {
    return z.literal(true, { error: has('accepted')!.message });
  }
  if (['receiveEmailPromo', 'receiveSmsPromo', 'receiveBonus'].includes(field.name)) return z.boolean();
  let value = text({ error: requiredMessage }).trim();
  if (field.isRequired) value = value.min(1, requiredMessage);
  const min = has('minLength');
  if (min?.min !== undefined) value = value.min(min.min, min.message);
  const max = has('maxLength');
  if (max?.max !== undefined) value = value.max(max.max, max.message);
  let schema: z.ZodType<string> = value;
  const refine = (rule: FieldRule | undefined, test: (v: string) => boolean) => {
    if (rule) schema = schema.refine((v) => v === '' || test(v), rule.message);
  };
  refine(has('email'), (v) => z.email().safeParse(v).success);
  refine(has('currency'), (v) => context.currencies.includes(v));
  refine(has('country'), (v) => context.countries.includes(v));
  refine(has('phone'), isValidPhone);
  refine(has('cpf'), isValidCpf);
  refine(has('date'), (v) => !Number.isNaN(Date.parse(v)));
  refine(has('integer'), (v) => /^-?\d+$/.test(v));
  return schema;
}
