// What the tournament page uses (loaded with that page, never in the first JS).
export { TournamentView } from './tournament-view.tsx';
