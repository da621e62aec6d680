import type { LocaleCode, MessageType } from '@casino/contracts';

/** A messenger message the platform writes: its words in the player's language, and a page it points to. */
export type Written = { type: MessageType; title: string; body: string; link: { url: string; label: string } | null };

/** What a domain event tells the player, filled in from the event. */
export type Topic =
  | { kind: 'depositSucceeded' | 'depositFailed' | 'withdrawalPaid' | 'withdrawalFailed'; amount: string }
  | { kind: 'documentApproved' | 'documentRejected'; reason: string | null }
  | { kind: 'verificationApproved' | 'verificationRejected'; reason: string | null }
  | { kind: 'excluded'; selfExclusion: boolean; until: string | null }
  | { kind: 'limitApplied' | 'limitSet'; limit: string; amount: string | null }
  | { kind: 'limitRequested'; limit: string; amount: string | null }
  | { kind: 'limitConfirmed'; until: string }
  | { kind: 'limitCancelled'; limit: string }
  | {
      kind:
        | 'bonusIssued'
        | 'bonusActivated'
        | 'bonusWagered'
        | 'bonusCancelled'
        | 'bonusExpired'
        | 'bonusLapsed'
        | 'bonusLost';
      name: string;
      amount: string;
    }
  | { kind: 'depositBonusMissed'; name: string; paid: string; below: boolean; limit: string }
  | {
      kind: 'freespinsIssued' | 'freespinsActivated' | 'freespinsPlayed' | 'freespinsCancelled' | 'freespinsExpired';
      name: string;
      count: number;
      /** The winnings (formatted), when there are any. */
      win: string | null;
    };

type Words = { [K in Topic['kind']]: (t: Topic & { kind: K }) => Omit<Written, 'link' | 'type'> };

/**
 * A moment in the player's language (`Nov 25, 2026, 2:00 PM UTC`, `25.11.2026, 14:00 UTC`): the server
 * does not know the player's time zone, so it says which one it writes in.
 */
export const shownTime = (iso: string, locale: LocaleCode) =>
  `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso))} UTC`;

const en: Words = {
  depositSucceeded: (t) => ({ title: 'Deposit received', body: `${t.amount} is in your balance. Good luck!` }),
  depositFailed: (t) => ({
    title: 'Deposit failed',
    body: `Your deposit of ${t.amount} did not go through. Nothing was charged.`,
  }),
  withdrawalPaid: (t) => ({ title: 'Withdrawal paid', body: `${t.amount} is on its way to you.` }),
  withdrawalFailed: (t) => ({
    title: 'Withdrawal not paid',
    body: `Your withdrawal of ${t.amount} was not paid; the money is back in your balance. Please contact our Support Team for more information.`,
  }),
  documentApproved: () => ({ title: 'Document approved', body: 'Thank you: your document was checked and accepted.' }),
  documentRejected: (t) => ({
    title: 'Document not accepted',
    body: `Your document was not accepted${t.reason ? `: ${t.reason}` : ''}. Please upload a new one.`,
  }),
  verificationApproved: () => ({ title: 'Identity verified', body: 'Your identity is verified. Thank you!' }),
  verificationRejected: (t) => ({
    title: 'Identity not verified',
    body: `Your identity check did not succeed${t.reason ? `: ${t.reason}` : ''}. You can try again.`,
  }),
  excluded: (t) => ({
    title: t.selfExclusion ? 'Self-exclusion started' : 'Cooling-off started',
    body: t.until
      ? `Your account is closed to play and deposits until ${shownTime(t.until, 'en')}. Withdrawals stay open. If you need help, support organisations such as GamCare are there for you.`
      : 'Your account is closed to play and deposits for good. Withdrawals stay open.',
  }),
  limitApplied: (t) => ({
    title: 'Limit changed',
    body: t.amount ? `Your ${t.limit} is now ${t.amount}.` : `Your ${t.limit} is removed.`,
  }),
  limitSet: (t) => ({ title: 'Limit set', body: `Your ${t.limit} of ${t.amount} applies now.` }),
  limitRequested: (t) => ({
    title: 'Confirm your limit change',
    body: `We sent you an e-mail to confirm ${t.amount ? `changing your ${t.limit} to ${t.amount}` : `removing your ${t.limit}`}. It takes effect 24 hours after you confirm.`,
  }),
  limitConfirmed: (t) => ({ title: 'Limit change confirmed', body: `It takes effect at ${shownTime(t.until, 'en')}.` }),
  limitCancelled: (t) => ({ title: 'Limit change cancelled', body: `Your ${t.limit} stays as it is.` }),
  bonusIssued: (t) => ({
    title: 'A bonus for you',
    body: `${t.name} (${t.amount}) is waiting: activate it under Bonuses.`,
  }),
  bonusActivated: (t) => ({
    title: 'Bonus activated',
    body: `${t.name}: ${t.amount} of bonus money is in your balance. Stakes take your real money first.`,
  }),
  bonusWagered: (t) => ({
    title: 'Bonus wagered',
    body: `Well played! ${t.name} is wagered: its money is now real money.`,
  }),
  bonusCancelled: (t) => ({ title: 'Bonus cancelled', body: `${t.name} is cancelled; its bonus money is removed.` }),
  bonusExpired: (t) => ({ title: 'Bonus expired', body: `${t.name} expired; any bonus money left is removed.` }),
  bonusLapsed: (t) => ({
    title: 'Deposit bonus lapsed',
    body: `${t.name} lapsed: its deposit was played before it was activated. Activate a deposit bonus before you play.`,
  }),
  bonusLost: (t) => ({ title: 'Bonus used up', body: `The bonus money of ${t.name} is used up.` }),
  freespinsIssued: (t) => ({
    title: 'Free spins for you',
    body: `${t.name}: ${t.count} free spins are waiting. Activate them under Bonuses.`,
  }),
  freespinsActivated: (t) => ({
    title: 'Free spins activated',
    body: `${t.name}: your ${t.count} free spins are ready to play.`,
  }),
  freespinsPlayed: (t) => ({
    title: 'Free spins played',
    body: t.win
      ? `${t.name}: you won ${t.win}; it is now a bonus to wager.`
      : `${t.name}: all spins played, no win this time.`,
  }),
  freespinsCancelled: (t) => ({ title: 'Free spins cancelled', body: `${t.name} is cancelled.` }),
  freespinsExpired: (t) => ({
    title: 'Free spins expired',
    body: t.win ? `${t.name} expired; your winnings of ${t.win} are now a bonus.` : `${t.name} expired.`,
  }),
  depositBonusMissed: (t) => ({
    title: 'No bonus for this deposit',
    body: t.below
      ? `Your deposit of ${t.paid} is below the ${t.limit} ${t.name} needs, so it came without the bonus.`
      : `Your deposit of ${t.paid} is above the ${t.limit} ${t.name} allows, so it came without the bonus.`,
  }),
};

const de: Words = {
  depositSucceeded: (t) => ({ title: 'Einzahlung erhalten', body: `${t.amount} ist auf deinem Konto. Viel Glück!` }),
  depositFailed: (t) => ({
    title: 'Einzahlung fehlgeschlagen',
    body: `Deine Einzahlung von ${t.amount} ging nicht durch. Es wurde nichts abgebucht.`,
  }),
  withdrawalPaid: (t) => ({ title: 'Auszahlung ausgezahlt', body: `${t.amount} ist auf dem Weg zu dir.` }),
  withdrawalFailed: (t) => ({
    title: 'Auszahlung nicht ausgeführt',
    body: `Deine Auszahlung von ${t.amount} wurde nicht ausgeführt; das Geld ist wieder auf deinem Konto. Bitte wende dich an unseren Support.`,
  }),
  documentApproved: () => ({ title: 'Dokument bestätigt', body: 'Danke: Dein Dokument wurde geprüft und akzeptiert.' }),
  documentRejected: (t) => ({
    title: 'Dokument nicht akzeptiert',
    body: `Dein Dokument wurde nicht akzeptiert${t.reason ? `: ${t.reason}` : ''}. Bitte lade ein neues hoch.`,
  }),
  verificationApproved: () => ({ title: 'Identität bestätigt', body: 'Deine Identität ist bestätigt. Danke!' }),
  verificationRejected: (t) => ({
    title: 'Identität nicht bestätigt',
    body: `Die Prüfung deiner Identität war nicht erfolgreich${t.reason ? `: ${t.reason}` : ''}. Du kannst es erneut versuchen.`,
  }),
  excluded: (t) => ({
    title: t.selfExclusion ? 'Selbstausschluss begonnen' : 'Spielpause begonnen',
    body: t.until
      ? `Dein Konto ist bis ${shownTime(t.until, 'de')} für Spiel und Einzahlungen gesperrt. Auszahlungen bleiben möglich.`
      : 'Dein Konto ist dauerhaft für Spiel und Einzahlungen gesperrt. Auszahlungen bleiben möglich.',
  }),
  limitApplied: (t) => ({
    title: 'Limit geändert',
    body: t.amount ? `Dein ${t.limit} beträgt jetzt ${t.amount}.` : `Dein ${t.limit} ist aufgehoben.`,
  }),
  limitSet: (t) => ({ title: 'Limit gesetzt', body: `Dein ${t.limit} von ${t.amount} gilt ab sofort.` }),
  limitRequested: (t) => ({
    title: 'Bestätige die Änderung deines Limits',
    body: `Wir haben dir eine E-Mail geschickt. Die Änderung (${t.limit}${t.amount ? `: ${t.amount}` : ''}) gilt 24 Stunden nach deiner Bestätigung.`,
  }),
  limitConfirmed: (t) => ({ title: 'Limitänderung bestätigt', body: `Sie gilt ab ${shownTime(t.until, 'de')}.` }),
  limitCancelled: (t) => ({ title: 'Limitänderung abgebrochen', body: `Dein ${t.limit} bleibt, wie es ist.` }),
  bonusIssued: (t) => ({
    title: 'Ein Bonus für dich',
    body: `${t.name} (${t.amount}) wartet: aktiviere ihn unter Boni.`,
  }),
  bonusActivated: (t) => ({
    title: 'Bonus aktiviert',
    body: `${t.name}: ${t.amount} Bonusgeld ist auf deinem Konto. Einsätze nehmen zuerst dein Echtgeld.`,
  }),
  bonusWagered: (t) => ({
    title: 'Bonus umgesetzt',
    body: `Gut gespielt! ${t.name} ist umgesetzt: das Geld ist jetzt Echtgeld.`,
  }),
  bonusCancelled: (t) => ({
    title: 'Bonus storniert',
    body: `${t.name} ist storniert; sein Bonusgeld wurde entfernt.`,
  }),
  bonusExpired: (t) => ({
    title: 'Bonus abgelaufen',
    body: `${t.name} ist abgelaufen; verbleibendes Bonusgeld wurde entfernt.`,
  }),
  bonusLapsed: (t) => ({
    title: 'Einzahlungsbonus verfallen',
    body: `${t.name} ist verfallen: Mit der Einzahlung wurde gespielt, bevor der Bonus aktiviert war. Aktiviere einen Einzahlungsbonus, bevor du spielst.`,
  }),
  bonusLost: (t) => ({ title: 'Bonus aufgebraucht', body: `Das Bonusgeld von ${t.name} ist aufgebraucht.` }),
  freespinsIssued: (t) => ({
    title: 'Freispiele für dich',
    body: `${t.name}: ${t.count} Freispiele warten auf dich. Aktiviere sie unter Boni.`,
  }),
  freespinsActivated: (t) => ({
    title: 'Freispiele aktiviert',
    body: `${t.name}: deine ${t.count} Freispiele sind spielbereit.`,
  }),
  freespinsPlayed: (t) => ({
    title: 'Freispiele gespielt',
    body: t.win
      ? `${t.name}: du hast ${t.win} gewonnen; der Gewinn ist jetzt ein Bonus zum Umsetzen.`
      : `${t.name}: alle Drehungen gespielt, diesmal ohne Gewinn.`,
  }),
  freespinsCancelled: (t) => ({ title: 'Freispiele storniert', body: `${t.name} ist storniert.` }),
  freespinsExpired: (t) => ({
    title: 'Freispiele abgelaufen',
    body: t.win
      ? `${t.name} ist abgelaufen; dein Gewinn von ${t.win} ist jetzt ein Bonus.`
      : `${t.name} ist abgelaufen.`,
  }),
  depositBonusMissed: (t) => ({
    title: 'Kein Bonus für diese Einzahlung',
    body: t.below
      ? `Deine Einzahlung von ${t.paid} liegt unter den ${t.limit}, die ${t.name} verlangt: Sie wurde ohne den Bonus gutgeschrieben.`
      : `Deine Einzahlung von ${t.paid} liegt über den ${t.limit}, die ${t.name} erlaubt: Sie wurde ohne den Bonus gutgeschrieben.`,
  }),
};

const ptBr: Words = {
  depositSucceeded: (t) => ({ title: 'Depósito recebido', body: `${t.amount} está no seu saldo. Boa sorte!` }),
  depositFailed: (t) => ({
    title: 'Depósito recusado',
    body: `Seu depósito de ${t.amount} não foi concluído. Nada foi cobrado.`,
  }),
  withdrawalPaid: (t) => ({ title: 'Saque pago', body: `${t.amount} está a caminho.` }),
  withdrawalFailed: (t) => ({
    title: 'Saque não pago',
    body: `Seu saque de ${t.amount} não foi pago; o dinheiro voltou ao seu saldo. Fale com nosso suporte para mais informações.`,
  }),
  documentApproved: () => ({ title: 'Documento aprovado', body: 'Obrigado: seu documento foi verificado e aceito.' }),
  documentRejected: (t) => ({
    title: 'Documento não aceito',
    body: `Seu documento não foi aceito${t.reason ? `: ${t.reason}` : ''}. Envie um novo, por favor.`,
  }),
  verificationApproved: () => ({ title: 'Identidade verificada', body: 'Sua identidade foi verificada. Obrigado!' }),
  verificationRejected: (t) => ({
    title: 'Identidade não verificada',
    body: `A verificação da sua identidade não deu certo${t.reason ? `: ${t.reason}` : ''}. Você pode tentar de novo.`,
  }),
  excluded: (t) => ({
    title: t.selfExclusion ? 'Autoexclusão iniciada' : 'Pausa iniciada',
    body: t.until
      ? `Sua conta está fechada para jogos e depósitos até ${shownTime(t.until, 'pt-br')}. Saques continuam possíveis.`
      : 'Sua conta está fechada para jogos e depósitos para sempre. Saques continuam possíveis.',
  }),
  limitApplied: (t) => ({
    title: 'Limite alterado',
    body: t.amount ? `Seu ${t.limit} agora é ${t.amount}.` : `Seu ${t.limit} foi removido.`,
  }),
  limitSet: (t) => ({ title: 'Limite definido', body: `Seu ${t.limit} de ${t.amount} vale a partir de agora.` }),
  limitRequested: (t) => ({
    title: 'Confirme a alteração do limite',
    body: `Enviamos um e-mail. A alteração (${t.limit}${t.amount ? `: ${t.amount}` : ''}) vale 24 horas depois da confirmação.`,
  }),
  limitConfirmed: (t) => ({
    title: 'Alteração confirmada',
    body: `Ela vale a partir de ${shownTime(t.until, 'pt-br')}.`,
  }),
  limitCancelled: (t) => ({ title: 'Alteração cancelada', body: `Seu ${t.limit} continua o mesmo.` }),
  bonusIssued: (t) => ({
    title: 'Um bônus para você',
    body: `${t.name} (${t.amount}) está esperando: ative em Bônus.`,
  }),
  bonusActivated: (t) => ({
    title: 'Bônus ativado',
    body: `${t.name}: ${t.amount} em dinheiro de bônus está no seu saldo. As apostas usam primeiro o seu dinheiro real.`,
  }),
  bonusWagered: (t) => ({
    title: 'Bônus cumprido',
    body: `Muito bem! ${t.name} foi cumprido: o dinheiro agora é real.`,
  }),
  bonusCancelled: (t) => ({
    title: 'Bônus cancelado',
    body: `${t.name} foi cancelado; o dinheiro de bônus foi removido.`,
  }),
  bonusExpired: (t) => ({
    title: 'Bônus expirado',
    body: `${t.name} expirou; o dinheiro de bônus restante foi removido.`,
  }),
  bonusLapsed: (t) => ({
    title: 'Bônus de depósito caducado',
    body: `${t.name} caducou: o depósito foi jogado antes de o bônus ser ativado. Ative um bônus de depósito antes de jogar.`,
  }),
  bonusLost: (t) => ({ title: 'Bônus esgotado', body: `O dinheiro de bônus de ${t.name} acabou.` }),
  freespinsIssued: (t) => ({
    title: 'Rodadas grátis para você',
    body: `${t.name}: ${t.count} rodadas grátis estão esperando. Ative em Bônus.`,
  }),
  freespinsActivated: (t) => ({
    title: 'Rodadas grátis ativadas',
    body: `${t.name}: suas ${t.count} rodadas grátis estão prontas.`,
  }),
  freespinsPlayed: (t) => ({
    title: 'Rodadas grátis jogadas',
    body: t.win
      ? `${t.name}: você ganhou ${t.win}; agora é um bônus para cumprir.`
      : `${t.name}: todas as rodadas jogadas, sem ganho desta vez.`,
  }),
  freespinsCancelled: (t) => ({ title: 'Rodadas grátis canceladas', body: `${t.name} foi cancelado.` }),
  freespinsExpired: (t) => ({
    title: 'Rodadas grátis expiradas',
    body: t.win ? `${t.name} expirou; seus ganhos de ${t.win} agora são um bônus.` : `${t.name} expirou.`,
  }),
  depositBonusMissed: (t) => ({
    title: 'Sem bônus para este depósito',
    body: t.below
      ? `Seu depósito de ${t.paid} é menor que os ${t.limit} que ${t.name} exige, então entrou sem o bônus.`
      : `Seu depósito de ${t.paid} é maior que os ${t.limit} que ${t.name} permite, então entrou sem o bônus.`,
  }),
};

const WORDS: Record<LocaleCode, Words> = { en, de, 'pt-br': ptBr };

const LIMIT_NAMES: Record<LocaleCode, Record<string, Record<number, string>>> = {
  en: {
    daily: { 1: 'daily bet limit', 2: 'daily loss limit', 3: 'daily deposit limit' },
    weekly: { 1: 'weekly bet limit', 2: 'weekly loss limit', 3: 'weekly deposit limit' },
    monthly: { 1: 'monthly bet limit', 2: 'monthly loss limit', 3: 'monthly deposit limit' },
  },
  de: {
    daily: { 1: 'tägliches Einsatzlimit', 2: 'tägliches Verlustlimit', 3: 'tägliches Einzahlungslimit' },
    weekly: { 1: 'wöchentliches Einsatzlimit', 2: 'wöchentliches Verlustlimit', 3: 'wöchentliches Einzahlungslimit' },
    monthly: { 1: 'monatliches Einsatzlimit', 2: 'monatliches Verlustlimit', 3: 'monatliches Einzahlungslimit' },
  },
  'pt-br': {
    daily: { 1: 'limite diário de apostas', 2: 'limite diário de perdas', 3: 'limite diário de depósito' },
    weekly: { 1: 'limite semanal de apostas', 2: 'limite semanal de perdas', 3: 'limite semanal de depósito' },
    monthly: { 1: 'limite mensal de apostas', 2: 'limite mensal de perdas', 3: 'limite mensal de depósito' },
  },
};

const langOf = (locale: string) => (locale in WORDS ? locale : 'en') as LocaleCode;

/** "daily deposit limit" in the player's language. */
export const limitName = (definition: number, period: string | null, locale: string) =>
  LIMIT_NAMES[langOf(locale)][period ?? 'daily']?.[definition] ?? LIMIT_NAMES.en.daily![definition] ?? 'limit';

const TYPE: Record<Topic['kind'], MessageType> = {
  depositSucceeded: 'success',
  depositFailed: 'error',
  withdrawalPaid: 'success',
  withdrawalFailed: 'warn',
  documentApproved: 'success',
  documentRejected: 'warn',
  verificationApproved: 'success',
  verificationRejected: 'warn',
  excluded: 'default',
  limitApplied: 'success',
  limitSet: 'success',
  limitRequested: 'default',
  limitConfirmed: 'default',
  limitCancelled: 'default',
  bonusIssued: 'success',
  bonusActivated: 'success',
  bonusWagered: 'success',
  bonusCancelled: 'default',
  bonusExpired: 'warn',
  bonusLapsed: 'warn',
  bonusLost: 'default',
  freespinsIssued: 'success',
  freespinsActivated: 'success',
  freespinsPlayed: 'success',
  freespinsCancelled: 'default',
  freespinsExpired: 'warn',
  depositBonusMissed: 'warn',
};

const LINK: Partial<Record<Topic['kind'], { url: string; label: Record<LocaleCode, string> }>> = {
  depositFailed: {
    url: '/?wallet=deposit',
    label: { en: 'Try again', de: 'Erneut versuchen', 'pt-br': 'Tentar de novo' },
  },
  withdrawalFailed: {
    url: '/profile/history',
    label: { en: 'See history', de: 'Verlauf ansehen', 'pt-br': 'Ver histórico' },
  },
  documentRejected: { url: '/profile/documents', label: { en: 'Upload', de: 'Hochladen', 'pt-br': 'Enviar' } },
  verificationRejected: {
    url: '/profile/verification',
    label: { en: 'Try again', de: 'Erneut versuchen', 'pt-br': 'Tentar de novo' },
  },
  limitApplied: { url: '/profile/limits', label: { en: 'My limits', de: 'Meine Limits', 'pt-br': 'Meus limites' } },
  limitSet: { url: '/profile/limits', label: { en: 'My limits', de: 'Meine Limits', 'pt-br': 'Meus limites' } },
  limitRequested: { url: '/profile/limits', label: { en: 'My limits', de: 'Meine Limits', 'pt-br': 'Meus limites' } },
  limitConfirmed: { url: '/profile/limits', label: { en: 'My limits', de: 'Meine Limits', 'pt-br': 'Meus limites' } },
  bonusIssued: { url: '/profile/bonuses', label: { en: 'My bonuses', de: 'Meine Boni', 'pt-br': 'Meus bônus' } },
  depositBonusMissed: { url: '/bonuses', label: { en: 'Bonuses', de: 'Boni', 'pt-br': 'Bônus' } },
  bonusWagered: { url: '/profile/bonuses', label: { en: 'My bonuses', de: 'Meine Boni', 'pt-br': 'Meus bônus' } },
  freespinsIssued: { url: '/profile/bonuses', label: { en: 'My bonuses', de: 'Meine Boni', 'pt-br': 'Meus bônus' } },
  freespinsPlayed: { url: '/profile/bonuses', label: { en: 'My bonuses', de: 'Meine Boni', 'pt-br': 'Meus bônus' } },
};

/** The message a topic makes, in the player's language (English for any other). */
export function write(topic: Topic, locale: string): Written {
  const lang = langOf(locale);
  const words = (WORDS[lang][topic.kind] as (t: Topic) => Omit<Written, 'link' | 'type'>)(topic);
  const link = LINK[topic.kind];
  return { ...words, type: TYPE[topic.kind], link: link ? { url: link.url, label: link.label[lang] } : null };
}
