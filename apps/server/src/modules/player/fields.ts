import {
  formatMessage,
  NAME_MIN_LENGTH,
  PERSONAL_ID_MIN_LENGTH,
  PASSWORD_MIN_LENGTH,
  ValidationMessage,
  type FieldMeta,
  type FieldRule,
} from '@casino/contracts';

/**
 * Server-defined form fields (GET /api/player/fields/validations). The registration service
 * validates with `buildFieldsSchema(REGISTRATION_FIELDS, …)`, the web form with the same call.
 */
export type FieldScenario = 'registration' | 'profile';

const rule = {
  required: (): FieldRule => ({ name: 'required', message: ValidationMessage.required }),
  email: (): FieldRule => ({ name: 'email', message: ValidationMessage.email }),
  minLength: (min: number): FieldRule => ({
    name: 'minLength',
    min,
    message: formatMessage(ValidationMessage.minLength, { min }),
  }),
  maxLength: (max: number): FieldRule => ({
    name: 'maxLength',
    max,
    message: formatMessage(ValidationMessage.maxLength, { max }),
  }),
  sameAs: (other: string): FieldRule => ({
    name: 'sameAs',
    param: other,
    message: formatMessage(ValidationMessage.sameAs, { other }),
  }),
  accepted: (): FieldRule => ({ name: 'accepted', message: ValidationMessage.accepted }),
  currency: (): FieldRule => ({ name: 'currency', message: ValidationMessage.or }),
  country: (): FieldRule => ({ name: 'country', message: ValidationMessage.or }),
  phone: (): FieldRule => ({ name: 'phone', message: ValidationMessage.phone }),
  date: (): FieldRule => ({ name: 'date', message: ValidationMessage.date }),
  cpf: (): FieldRule => ({ name: 'cpf', message: ValidationMessage.cpf }),
};

type FieldInput = {
  name: string;
  description: string;
  required?: boolean;
  editable?: boolean;
  visible?: boolean;
  rules?: FieldRule[];
};

/** Numbers ids and positions in list order; a required field gets the required rule first. */
function defineFields(firstId: number, inputs: FieldInput[]): readonly FieldMeta[] {
  return Object.freeze(
    inputs.map((f, index) => {
      const isRequired = f.required ?? false;
      return Object.freeze({
        id: firstId + index,
        name: f.name,
        description: f.description,
        editable: f.editable ?? true,
        isRequired,
        isVisible: f.visible ?? true,
        position: index + 1,
        rules: [...(isRequired ? [rule.required()] : []), ...(f.rules ?? [])],
      });
    }),
  );
}

export const REGISTRATION_FIELDS = defineFields(1, [
  { name: 'email', description: 'Email', required: true, rules: [rule.email(), rule.maxLength(254)] },
  {
    name: 'password',
    description: 'Password',
    required: true,
    rules: [rule.minLength(PASSWORD_MIN_LENGTH), rule.maxLength(128)],
  },
  { name: 'password_confirmation', description: 'Repeat password', required: true, rules: [rule.sameAs('password')] },
  { name: 'currency', description: 'Currency', required: true, rules: [rule.currency()] },
  {
    name: 'agreements',
    description: 'I accept the terms and conditions and confirm I am of legal age',
    required: true,
    rules: [rule.accepted()],
  },
  { name: 'receiveEmailPromo', description: 'I want to receive promotions by email' },
  { name: 'receiveBonus', description: 'I want to receive bonus offers' },
  { name: 'bonusCode', description: 'Bonus code', rules: [rule.maxLength(40)] },
]);

/**
 * The profile scenario. Name, birth date and country are not editable once filled: they must match the
 * player's identity documents, so support changes them. Phone and e-mail are changed through their
 * confirmation flows (verification tab), not here.
 */
export const PROFILE_FIELDS = defineFields(101, [
  {
    name: 'firstName',
    description: 'First name',
    editable: false,
    rules: [rule.minLength(NAME_MIN_LENGTH), rule.maxLength(64)],
  },
  {
    name: 'lastName',
    description: 'Last name',
    editable: false,
    rules: [rule.minLength(NAME_MIN_LENGTH), rule.maxLength(64)],
  },
  { name: 'nickname', description: 'Nickname', rules: [rule.maxLength(64)] },
  { name: 'birthdate', description: 'Date of birth', editable: false, rules: [rule.date()] },
  { name: 'placeOfBirth', description: 'Place of birth', rules: [rule.maxLength(128)] },
  { name: 'nationality', description: 'Nationality', rules: [rule.minLength(2), rule.maxLength(64)] },
  { name: 'gender', description: 'Gender' },
  {
    name: 'personalIdNumber',
    description: 'Personal ID number',
    editable: false,
    rules: [rule.minLength(PERSONAL_ID_MIN_LENGTH), rule.maxLength(32)],
  },
  { name: 'cpf_number', description: 'CPF (Brazilian tax number)', editable: false, rules: [rule.cpf()] },
  { name: 'profession', description: 'Profession', rules: [rule.maxLength(64)] },
  // Where the player lives decides which rules and payment methods apply: support changes it.
  { name: 'country', description: 'Country', editable: false, rules: [rule.country()] },
  { name: 'city', description: 'City', rules: [rule.maxLength(128)] },
  { name: 'address', description: 'Address', rules: [rule.maxLength(256)] },
  { name: 'additionalAddress', description: 'Address line 2', rules: [rule.maxLength(256)] },
  { name: 'postalCode', description: 'Postal code', rules: [rule.maxLength(16)] },
  { name: 'securityQuestion', description: 'Security question', rules: [rule.maxLength(128)] },
  { name: 'securityAnswer', description: 'Answer to the security question', rules: [rule.maxLength(128)] },
  { name: 'timeZone', description: 'Time zone' },
  { name: 'locale', description: 'Language' },
  { name: 'receiveEmailPromo', description: 'Offers and promotions by e-mail' },
  { name: 'receiveSmsPromo', description: 'Offers and promotions by SMS' },
  { name: 'receiveBonus', description: 'Bonus offers' },
]);

export function fieldsFor(scenario: FieldScenario): readonly FieldMeta[] {
  return scenario === 'registration' ? REGISTRATION_FIELDS : PROFILE_FIELDS;
}
