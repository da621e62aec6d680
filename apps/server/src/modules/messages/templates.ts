import type { LocaleCode } from '@casino/contracts';

/** What each message needs filled in. Links are absolute; codes and minutes are as shown. */
export type TemplateParams = {
  passwordReset: { link: string; minutes: number };
  emailConfirmation: { link: string };
  otp: { code: string; minutes: number };
  passwordChanged: Record<string, never>;
  signInLocked: { minutes: number; link: string };
  signInCode: { code: string; minutes: number; link: string };
  limitChangeConfirm: { link: string; what: string; hours: number };
};
export type TemplateName = keyof TemplateParams;
export const TEMPLATE_NAMES = [
  'passwordReset',
  'emailConfirmation',
  'otp',
  'passwordChanged',
  'signInLocked',
  'signInCode',
  'limitChangeConfirm',
] as const satisfies readonly TemplateName[];

type Rendered = { subject: string; text: string };
type Texts = { [T in TemplateName]: (p: TemplateParams[T]) => Rendered };

const SIGN_OFF = { en: 'Your casino team', de: 'Dein Casino-Team', 'pt-br': 'Equipe do cassino' } as const;

const en: Texts = {
  passwordReset: (p) => ({
    subject: 'Reset your password',
    text: `Someone asked to reset the password of your account. To choose a new one, open this link within ${p.minutes} minutes:\n\n${p.link}\n\nIf it was not you, ignore this message: your password stays as it is.`,
  }),
  emailConfirmation: (p) => ({
    subject: 'Confirm your e-mail address',
    text: `Welcome! Please confirm that this is your e-mail address:\n\n${p.link}`,
  }),
  otp: (p) => ({ subject: 'Your code', text: `Your code is ${p.code}. It is valid for ${p.minutes} minutes.` }),
  passwordChanged: () => ({
    subject: 'Your password was changed',
    text: 'The password of your account was just changed, and every other device was signed out. If it was not you, reset your password at once and contact our support team.',
  }),
  signInLocked: (p) => ({
    subject: 'Sign-in to your account paused',
    text: `There were many failed attempts to sign in to your account, so signing in is paused for ${p.minutes} minutes. If it was not you, your password is still safe; to choose a new one now, open:\n\n${p.link}`,
  }),
  signInCode: (p) => ({
    subject: 'Your sign-in code',
    text: `Your sign-in code is ${p.code}. It is valid for ${p.minutes} minutes.\n\nSigning in to your account is paused after many failed attempts, and someone has just signed in with your password from a device we do not know. If it was you, enter the code to sign in. If it was not you, do not give the code to anyone, and choose a new password now:\n\n${p.link}`,
  }),
  limitChangeConfirm: (p) => ({
    subject: 'Confirm your limit change',
    text: `You asked for a ${p.what}. To protect you, it takes effect ${p.hours} hours after you confirm it here (the link works for 24 hours):\n\n${p.link}\n\nIf you did not ask for it, ignore this message: your limit stays as it is.`,
  }),
};

const de: Texts = {
  passwordReset: (p) => ({
    subject: 'Passwort zurücksetzen',
    text: `Jemand möchte das Passwort deines Kontos zurücksetzen. Öffne diesen Link innerhalb von ${p.minutes} Minuten, um ein neues zu wählen:\n\n${p.link}\n\nWarst du es nicht, ignoriere diese Nachricht: Dein Passwort bleibt, wie es ist.`,
  }),
  emailConfirmation: (p) => ({
    subject: 'Bestätige deine E-Mail-Adresse',
    text: `Willkommen! Bitte bestätige, dass dies deine E-Mail-Adresse ist:\n\n${p.link}`,
  }),
  otp: (p) => ({
    subject: 'Dein Code',
    text: `Dein Code lautet ${p.code}. Er ist ${p.minutes} Minuten gültig.`,
  }),
  passwordChanged: () => ({
    subject: 'Dein Passwort wurde geändert',
    text: 'Das Passwort deines Kontos wurde eben geändert, und alle anderen Geräte wurden abgemeldet. Warst du es nicht, setze dein Passwort sofort zurück und wende dich an unseren Support.',
  }),
  signInLocked: (p) => ({
    subject: 'Anmeldung bei deinem Konto pausiert',
    text: `Es gab viele fehlgeschlagene Anmeldeversuche, deshalb ist die Anmeldung für ${p.minutes} Minuten pausiert. Warst du es nicht, ist dein Passwort weiterhin sicher; ein neues wählst du hier:\n\n${p.link}`,
  }),
  signInCode: (p) => ({
    subject: 'Dein Anmeldecode',
    text: `Dein Anmeldecode lautet ${p.code}. Er ist ${p.minutes} Minuten gültig.\n\nDie Anmeldung bei deinem Konto ist nach vielen fehlgeschlagenen Versuchen pausiert, und eben hat sich jemand mit deinem Passwort auf einem Gerät angemeldet, das wir nicht kennen. Warst du es, gib den Code ein, um dich anzumelden. Warst du es nicht, gib den Code niemandem weiter und wähle jetzt ein neues Passwort:\n\n${p.link}`,
  }),
  limitChangeConfirm: (p) => ({
    subject: 'Bestätige die Änderung deines Limits',
    text: `Du hast Folgendes beantragt: ${p.what}. Zu deinem Schutz gilt die Änderung ${p.hours} Stunden nach deiner Bestätigung hier (der Link gilt 24 Stunden):\n\n${p.link}\n\nWarst du es nicht, ignoriere diese Nachricht: Dein Limit bleibt, wie es ist.`,
  }),
};

const ptBr: Texts = {
  passwordReset: (p) => ({
    subject: 'Redefina sua senha',
    text: `Alguém pediu para redefinir a senha da sua conta. Para escolher uma nova, abra este link em até ${p.minutes} minutos:\n\n${p.link}\n\nSe não foi você, ignore esta mensagem: sua senha continua a mesma.`,
  }),
  emailConfirmation: (p) => ({
    subject: 'Confirme seu e-mail',
    text: `Boas-vindas! Confirme que este é o seu endereço de e-mail:\n\n${p.link}`,
  }),
  otp: (p) => ({ subject: 'Seu código', text: `Seu código é ${p.code}. Ele vale por ${p.minutes} minutos.` }),
  passwordChanged: () => ({
    subject: 'Sua senha foi alterada',
    text: 'A senha da sua conta acabou de ser alterada e todos os outros dispositivos foram desconectados. Se não foi você, redefina sua senha agora e fale com nosso suporte.',
  }),
  signInLocked: (p) => ({
    subject: 'Acesso à sua conta pausado',
    text: `Houve muitas tentativas de acesso sem sucesso, então o acesso está pausado por ${p.minutes} minutos. Se não foi você, sua senha continua segura; para escolher uma nova agora, abra:\n\n${p.link}`,
  }),
  signInCode: (p) => ({
    subject: 'Seu código de acesso',
    text: `Seu código de acesso é ${p.code}. Ele vale por ${p.minutes} minutos.\n\nO acesso à sua conta está pausado depois de muitas tentativas sem sucesso, e alguém acabou de entrar com a sua senha em um dispositivo que não conhecemos. Se foi você, digite o código para entrar. Se não foi você, não passe o código para ninguém e escolha uma nova senha agora:\n\n${p.link}`,
  }),
  limitChangeConfirm: (p) => ({
    subject: 'Confirme a alteração do seu limite',
    text: `Você pediu: ${p.what}. Para sua proteção, a alteração vale ${p.hours} horas depois da confirmação aqui (o link vale por 24 horas):\n\n${p.link}\n\nSe não foi você, ignore esta mensagem: seu limite continua o mesmo.`,
  }),
};

const TEXTS: Record<LocaleCode, Texts> = { en, de, 'pt-br': ptBr };

/** The subject and text of a message in the player's language (English for an unknown one). */
export function render<T extends TemplateName>(template: T, locale: string, params: TemplateParams[T]): Rendered {
  const texts = TEXTS[locale as LocaleCode] ?? en;
  const rendered = (texts[template] as (p: TemplateParams[T]) => Rendered)(params);
  const sign = SIGN_OFF[locale as LocaleCode] ?? SIGN_OFF.en;
  return { subject: rendered.subject, text: `${rendered.text}\n\n${sign}` };
}
