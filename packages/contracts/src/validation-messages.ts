// No imports: the web app's first page load takes these texts without pulling in zod.
/** The product's generic validation messages; `{min}`, `{max}`, `{param}`, `{other}` are filled in. */
export const ValidationMessage = {
  required: 'Value is required',
  requiredIf: 'The value is required',
  alpha: 'The value is not alphabetical',
  alphaNum: 'The value must be alpha-numeric',
  numeric: 'Value must be numeric',
  between: 'The value must be between {min} and {max}',
  email: 'Value is not a valid email address',
  ipAddress: 'The value is not a valid IP address',
  macAddress: 'The value is not a valid MAC Address',
  maxLength: 'The maximum length allowed is {max}',
  minLength: 'This field should be at least {min} characters long',
  sameAs: 'The value must be equal to the {other} value',
  url: 'The value is not a valid URL address',
  minValue: 'The minimum value allowed is {min}',
  maxValue: 'The maximum value allowed is {max}',
  integer: 'Value is not an integer',
  decimal: 'Value must be decimal',
  or: 'The value does not match any of the provided validators',
  and: 'The value does not match all of the provided validators',
  phone: 'Value is not a valid phone number',
  cpf: 'Value is not a valid CPF number',
  date: 'Value is not a valid date',
  accepted: 'You must accept the terms and conditions',
  otpCode: 'Enter the {min}-digit code',
  commonPassword: 'This password is one of the most common ones. Choose one that is harder to guess',
  samePassword: 'The new password must differ from the current one',
} as const;
export type ValidationMessageKey = keyof typeof ValidationMessage;

export function formatMessage(template: string, args: Record<string, string | number | undefined> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (args[key] === undefined ? whole : String(args[key])));
}
