import type { TFunction } from '@/shared/i18n/translator.ts';
import { ValidationMessage } from '@casino/contracts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Each catalogue text as a pattern: 'This field should be at least {min} characters long' matches
// the server's filled-in 'This field should be at least 6 characters long' and yields { min: '6' }.
const patterns = Object.entries(ValidationMessage).map(([key, template]) => {
  const names: string[] = [];
  const source = template
    .split(/\{(\w+)\}/)
    .map((part, index) => {
      if (index % 2 === 0) return escape(part);
      names.push(part);
      return '(.+?)';
    })
    .join('');
  return { key, names, regex: new RegExp(`^${source}$`) };
});

/**
 * Validation messages come in English from the shared rules (the server's field definitions and
 * the contract schemas). Known catalogue texts are shown in the UI language; any other text as is.
 */
export function translateValidation(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return message;
  for (const { key, names, regex } of patterns) {
    const match = regex.exec(message);
    if (!match) continue;
    const args: Record<string, string | undefined> = Object.fromEntries(names.map((name, i) => [name, match[i + 1]]));
    // `{other}` names a field ('password'): show that field's label in the UI language.
    if (args.other) args.other = t(`auth.signUp.fields.${args.other}`, { defaultValue: args.other });
    return t(`validation.${key}`, { ...args, defaultValue: message });
  }
  return message;
}
