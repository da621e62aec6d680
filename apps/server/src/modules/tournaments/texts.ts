import type { Written } from '../notification/index.ts';

type Notice = { place: number; tournament: string; prize: string; identity: string };

const WORDS = {
  en: (n: Notice) => ({
    title: `You placed ${n.place} in ${n.tournament}`,
    body: `Congratulations! Your prize: ${n.prize}. Find it in your bonuses.`,
    label: 'See the results',
  }),
  de: (n: Notice) => ({
    title: `Platz ${n.place} in ${n.tournament}`,
    body: `Glückwunsch! Dein Preis: ${n.prize}. Du findest ihn bei deinen Boni.`,
    label: 'Zu den Ergebnissen',
  }),
  'pt-br': (n: Notice) => ({
    title: `Você ficou em ${n.place}º lugar em ${n.tournament}`,
    body: `Parabéns! Seu prêmio: ${n.prize}. Veja-o nos seus bônus.`,
    label: 'Ver os resultados',
  }),
} as const;

/** The winner's messenger message, in their language (English for any other). */
export function prizeNotice(locale: string, notice: Notice): Written {
  const lang = locale.toLowerCase().startsWith('de') ? 'de' : locale.toLowerCase().startsWith('pt') ? 'pt-br' : 'en';
  const words = WORDS[lang](notice);
  return {
    type: 'success',
    title: words.title,
    body: words.body,
    link: { url: `/tournaments/${notice.identity}`, label: words.label },
  };
}
