import type { Written } from '../notification/index.ts';

/** `held`: the prize was not paid, the winner having opted out of promotional bonuses. */
type Notice = { place: number; tournament: string; prize: string; identity: string; held?: boolean };

const WORDS = {
  en: (n: Notice) => ({
    title: `You placed #${n.place} in ${n.tournament}`,
    body: n.held
      ? `Congratulations! Your prize, ${n.prize}, was held and not paid because you opted out of bonuses. To receive bonus prizes from now on, turn on “Send me bonus offers” in your profile.`
      : `Congratulations! Your prize: ${n.prize}. Find it in your bonuses.`,
    label: 'See the results',
  }),
  de: (n: Notice) => ({
    title: `Platz ${n.place} bei ${n.tournament}`,
    body: n.held
      ? `Glückwunsch! Dein Preis, ${n.prize}, wurde zurückgehalten und nicht ausgezahlt, weil du Boni abgelehnt hast. Damit du künftig Bonuspreise erhältst, aktiviere „Bonusangebote erhalten“ in deinem Profil.`
      : `Glückwunsch! Dein Preis: ${n.prize}. Du findest ihn bei deinen Boni.`,
    label: 'Zu den Ergebnissen',
  }),
  'pt-br': (n: Notice) => ({
    title: `Você ficou em ${n.place}º lugar em ${n.tournament}`,
    body: n.held
      ? `Parabéns! Seu prêmio, ${n.prize}, foi retido e não pago porque você optou por não receber bônus. Para receber prêmios em bônus daqui em diante, ative “Quero receber ofertas de bônus” no seu perfil.`
      : `Parabéns! Seu prêmio: ${n.prize}. Veja-o nos seus bônus.`,
    label: 'Ver os resultados',
  }),
} as const;

/** The winner's messenger message, in their language (English for any other). */
export function prizeNotice(locale: string, notice: Notice): Written {
  const lang = locale.toLowerCase().startsWith('de') ? 'de' : locale.toLowerCase().startsWith('pt') ? 'pt-br' : 'en';
  const words = WORDS[lang](notice);
  return {
    type: notice.held ? 'warn' : 'success',
    title: words.title,
    body: words.body,
    link: { url: `/tournaments/${notice.identity}`, label: words.label },
  };
}
