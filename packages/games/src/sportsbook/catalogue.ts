import type { SportId } from './api.ts';

/**
 * The sandbox sportsbook's fictional world: five sports, two leagues each, eight or more teams (or
 * players) per league. Every name is made up; none is a real club or player.
 */

export type ScoringModel = 'goals' | 'points' | 'sets';

export type League = { id: string; name: string; country: string; teams: readonly string[] };

export type Sport = {
  id: SportId;
  name: string;
  /** Event ids are `<prefix>-<slot>`. */
  prefix: string;
  model: ScoringModel;
  /** goals/points: periods and their length in minutes of play; sets: at most this many sets (maps), each this long. */
  periods: number;
  periodMinutes: number;
  /** Minutes between periods (sets). */
  breakMinutes: number;
  /** goals/points: expected home and away scores over the whole match, before team strengths. */
  homeRate: number;
  awayRate: number;
  /** points only: the standard deviation of one team's score over the match. */
  sd: number;
  /** Whether a draw is a result (1X2) or the match is always decided (12). */
  draws: boolean;
  /** Simulated minutes every market stays suspended after a score (a goal, a set). */
  suspendMinutes: number;
  /** The totals line of the main totals market. */
  totalLine: number;
  leagues: readonly League[];
};

export const SPORTS: readonly Sport[] = [
  {
    id: 'football',
    name: 'Football',
    prefix: 'fb',
    model: 'goals',
    periods: 2,
    periodMinutes: 45,
    breakMinutes: 15,
    homeRate: 1.45,
    awayRate: 1.15,
    sd: 0,
    draws: true,
    suspendMinutes: 2,
    totalLine: 2.5,
    leagues: [
      {
        id: 'fb-northland-premier',
        name: 'Northland Premier Division',
        country: 'Northland',
        teams: [
          'Ashford Rovers',
          'Brackenridge United',
          'Coldwater Athletic',
          'Dunmore Wanderers',
          'Elmsworth City',
          'Fallowmere Town',
          'Greyhaven Albion',
          'Hollowbrook Rangers',
          'Ironvale Harriers',
          'Juniper Park',
        ],
      },
      {
        id: 'fb-costa-liga',
        name: 'Liga Costa Dorada',
        country: 'Costa Dorada',
        teams: [
          'Atlético Marvento',
          'Deportivo Salinar',
          'Real Pinaverde',
          'CD Torrealba',
          'Unión Calaluz',
          'Sporting Ribanegra',
          'CF Montequeda',
          'Racing Albarosa',
        ],
      },
    ],
  },
  {
    id: 'tennis',
    name: 'Tennis',
    prefix: 'tn',
    model: 'sets',
    periods: 3,
    periodMinutes: 40,
    breakMinutes: 3,
    homeRate: 0,
    awayRate: 0,
    sd: 0,
    draws: false,
    suspendMinutes: 3,
    totalLine: 2.5,
    leagues: [
      {
        id: 'tn-harbour-open',
        name: 'Harbour Open',
        country: 'Seaview',
        teams: [
          'Lena Vostrava',
          'Mira Castellan',
          'Ottilie Brandt',
          'Sana Okoro',
          'Yuki Harada',
          'Clara Dunleavy',
          'Ines Morado',
          'Petra Halvorsen',
        ],
      },
      {
        id: 'tn-summit-masters',
        name: 'Summit Masters',
        country: 'Highmoor',
        teams: [
          'Tomas Reljic',
          'Arjun Mehtani',
          'Felix Ambrose',
          'Luca Bellandi',
          'Noah Strand',
          'Mateo Quiroga',
          'Ivan Sokolin',
          'Kenji Matsuura',
        ],
      },
    ],
  },
  {
    id: 'basketball',
    name: 'Basketball',
    prefix: 'bb',
    model: 'points',
    periods: 4,
    periodMinutes: 12,
    breakMinutes: 3,
    homeRate: 112,
    awayRate: 108,
    sd: 11,
    draws: false,
    suspendMinutes: 0,
    totalLine: 220.5,
    leagues: [
      {
        id: 'bb-continental',
        name: 'Continental Basketball League',
        country: 'Continental',
        teams: [
          'Riverton Comets',
          'Stonebridge Titans',
          'Lakeshore Herons',
          'Redcliff Foxes',
          'Pinecrest Owls',
          'Westmarch Bison',
          'Goldfield Miners',
          'Silverlake Storm',
        ],
      },
      {
        id: 'bb-eastern-cup',
        name: 'Eastern Hoops Cup',
        country: 'Eastreach',
        teams: [
          'Korvana Eagles',
          'Tessaly Lions',
          'Brava Sharks',
          'Orlin Wolves',
          'Valmora Falcons',
          'Drusk Bears',
          'Zeleno Hawks',
          'Mirska Ravens',
        ],
      },
    ],
  },
  {
    id: 'ice-hockey',
    name: 'Ice Hockey',
    prefix: 'ih',
    model: 'goals',
    periods: 3,
    periodMinutes: 20,
    breakMinutes: 5,
    homeRate: 3.1,
    awayRate: 2.7,
    sd: 0,
    draws: true,
    suspendMinutes: 1,
    totalLine: 5.5,
    leagues: [
      {
        id: 'ih-frost-league',
        name: 'Frost League',
        country: 'Norrvik',
        teams: [
          'Glacier Bay Wolves',
          'Frostpine Lynx',
          'Icefield Stags',
          'Polar Crest Kings',
          'Snowridge Moose',
          'Whitewater Huskies',
          'Borealis Falcons',
          'Tundra Rock',
        ],
      },
      {
        id: 'ih-alpine-series',
        name: 'Alpine Ice Series',
        country: 'Alpenreich',
        teams: [
          'EHC Bergtal',
          'HC Schneefeld',
          'SC Gletschberg',
          'EV Talwald',
          'HC Felsenau',
          'Eisbären Hochmoor',
          'HC Kaltbrunn',
          'EC Sonnalp',
        ],
      },
    ],
  },
  {
    id: 'esports',
    name: 'E-sports',
    prefix: 'es',
    model: 'sets',
    periods: 3,
    periodMinutes: 35,
    breakMinutes: 5,
    homeRate: 0,
    awayRate: 0,
    sd: 0,
    draws: false,
    suspendMinutes: 3,
    totalLine: 2.5,
    leagues: [
      {
        id: 'es-neon-circuit',
        name: 'Neon Circuit',
        country: 'International',
        teams: [
          'Pixel Vipers',
          'Quantum Owls',
          'Null Sector',
          'Crimson Byte',
          'Static Shock',
          'Void Runners',
          'Glitch Mob Gaming',
          'Hexa Core',
        ],
      },
      {
        id: 'es-arena-masters',
        name: 'Arena Masters',
        country: 'International',
        teams: [
          'Team Aurora',
          'Iron Lotus',
          'Nova Squad',
          'Shadow Pulse',
          'Rogue Signal',
          'Ember Five',
          'Zero Latency',
          'Orbit Esports',
        ],
      },
    ],
  },
];

export const sportById = (id: string): Sport | undefined => SPORTS.find((s) => s.id === id);
export const sportByPrefix = (prefix: string): Sport | undefined => SPORTS.find((s) => s.prefix === prefix);
