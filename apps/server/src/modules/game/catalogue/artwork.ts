import { createHash } from 'node:crypto';
import type { GameEngine, GameImages, ImageSet } from '@casino/contracts';

/**
 * Generated artwork of the sandbox catalogue: a game's card and a studio's logo are drawn from
 * a hash of its identity (palette, background pattern, sparkles) plus a motif of its engine, so
 * every install shows the same pictures without storing any. Served as SVG: a few kB, sharp at
 * any density; the 2x file is the same drawing with doubled width and height.
 */

export const GAME_ART_SIZES = { '200x200': [200, 200], '200x300': [200, 300] } as const;
export type GameArtSize = keyof typeof GAME_ART_SIZES;
export const PROVIDER_LOGO_SIZE = '116x40';

const GAME_MEDIA = '/media/v1/games';
const PROVIDER_MEDIA = '/media/v1/providers';

const imageSet = (base: string, size: string): ImageSet => ({
  '1x': `${base}/${size}@1x.svg`,
  '2x': `${base}/${size}@2x.svg`,
});

/** The wire `images` of a game: absolute paths on our own origin. */
export function gameImages(identity: string): GameImages {
  const base = `${GAME_MEDIA}/${encodeURIComponent(identity)}`;
  return { '200x200': imageSet(base, '200x200'), '200x300': imageSet(base, '200x300') };
}

export function providerImages(identity: string): { '116x40': ImageSet } {
  return { '116x40': imageSet(`${PROVIDER_MEDIA}/${encodeURIComponent(identity)}`, PROVIDER_LOGO_SIZE) };
}

/** `200x300@2x.svg` → size and density; null for anything we do not draw. */
export function parseArtFile(file: string, sizes: readonly string[]): { size: string; density: 1 | 2 } | null {
  const match = /^(\d+x\d+)@([12])x\.svg$/.exec(file);
  if (!match || !sizes.includes(match[1]!)) return null;
  return { size: match[1]!, density: Number(match[2]) as 1 | 2 };
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

type Palette = { from: string; to: string; accent: string; accent2: string };
const PALETTES: Palette[] = [
  { from: '#1f0633', to: '#6a1b9a', accent: '#ffca28', accent2: '#ff7eb6' },
  { from: '#021b2e', to: '#04668a', accent: '#3ee6ff', accent2: '#ffd166' },
  { from: '#03261b', to: '#0b7a53', accent: '#ffd54f', accent2: '#b9f6ca' },
  { from: '#2a0606', to: '#b71c1c', accent: '#ffc107', accent2: '#ffab91' },
  { from: '#2d0a3f', to: '#e0474c', accent: '#fde74c', accent2: '#ffc2b4' },
  { from: '#080c22', to: '#2c3a9e', accent: '#8fb8ff', accent2: '#ffd740' },
  { from: '#00282b', to: '#00838f', accent: '#ffe082', accent2: '#a7f3ff' },
  { from: '#3a0a2f', to: '#d63384', accent: '#fff0a8', accent2: '#7ff0f0' },
  { from: '#2e1703', to: '#c77d1a', accent: '#fff3c4', accent2: '#ffe066' },
  { from: '#0d1f13', to: '#3a6b35', accent: '#f2c14e', accent2: '#d9e8a0' },
  { from: '#0b0220', to: '#30175c', accent: '#ff3864', accent2: '#2de2e6' },
  { from: '#071d33', to: '#3a7ca5', accent: '#e0fbfc', accent2: '#ffd27d' },
  { from: '#160400', to: '#d84315', accent: '#ffb300', accent2: '#ffe0b2' },
  { from: '#00221d', to: '#00796b', accent: '#fbc02d', accent2: '#c8fff4' },
  { from: '#2c1520', to: '#b76e79', accent: '#f8dcb4', accent2: '#fff1e6' },
  { from: '#000e29', to: '#0353a4', accent: '#ffc300', accent2: '#caf0f8' },
];

/** A deterministic stream of numbers in [0, 1) from a string. */
function hashStream(seed: string) {
  let block = createHash('sha256').update(seed).digest();
  let i = 0;
  let round = 0;
  const next = () => {
    if (i + 4 > block.length) {
      block = createHash('sha256').update(block).update(String(++round)).digest();
      i = 0;
    }
    const value = block.readUInt32BE(i) / 4_294_967_296;
    i += 4;
    return value;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}
type Stream = ReturnType<typeof hashStream>;

const r1 = (n: number) => Math.round(n * 10) / 10;
const FONT = `'Trebuchet MS','Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif`;

/**
 * Splits a title into at most `maxLines` lines and picks the layout with the largest font that fits,
 * counting 0.7 em per bold upper-case letter: generous, so lines never overflow the card.
 */
function fitTitle(
  title: string,
  width: number,
  maxLines: number,
  maxFont: number,
  spacing: number,
): { lines: string[]; fontSize: number } {
  const words = title.split(/\s+/).filter(Boolean);
  let best = { lines: [title], fontSize: 0 };
  for (let count = 1; count <= Math.min(maxLines, words.length); count++) {
    const lines = balance(words, count);
    const longest = Math.max(...lines.map((l) => l.length));
    const fontSize = Math.min(maxFont, (width / longest - spacing) / 0.7);
    if (fontSize > best.fontSize + 0.5) best = { lines, fontSize };
  }
  return { lines: best.lines, fontSize: Math.max(9, r1(best.fontSize)) };
}

/** Greedy split of words into `count` lines of similar length. */
function balance(words: string[], count: number): string[] {
  const total = words.join(' ').length;
  const target = total / count;
  const lines: string[] = [];
  let line = '';
  for (const [i, word] of words.entries()) {
    const remainingWords = words.length - i;
    const remainingLines = count - lines.length;
    const candidate = line ? `${line} ${word}` : word;
    const mustBreak = line && remainingWords < remainingLines;
    if (
      line &&
      lines.length < count - 1 &&
      (mustBreak || Math.abs(candidate.length - target) > Math.abs(line.length - target))
    ) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  lines.push(line);
  return lines;
}

function svgOpen(width: number, height: number, density: number, label: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width * density}" height="${height * density}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">`;
}

function pattern(s: Stream, p: Palette, w: number, h: number, cx: number, cy: number): string {
  switch (s.int(6)) {
    case 0: {
      const rays = 14 + 2 * s.int(5);
      const len = Math.hypot(w, h);
      const step = (Math.PI * 2) / rays;
      const paths = Array.from({ length: rays }, (_, i) => {
        const a = i * step;
        const b = a + step / 2;
        return `M${cx},${cy}L${r1(cx + Math.cos(a) * len)},${r1(cy + Math.sin(a) * len)}L${r1(cx + Math.cos(b) * len)},${r1(cy + Math.sin(b) * len)}Z`;
      }).join('');
      return `<path d="${paths}" fill="${p.accent}" opacity="0.08"/>`;
    }
    case 1:
      return `<defs><pattern id="pt" width="14" height="14" patternUnits="userSpaceOnUse"><circle cx="7" cy="7" r="1.6" fill="#fff"/></pattern></defs><rect width="${w}" height="${h}" fill="url(#pt)" opacity="0.13"/>`;
    case 2:
      return `<defs><pattern id="pt" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(${s.pick([35, 45, -35, -45])})"><rect width="5" height="12" fill="#fff"/></pattern></defs><rect width="${w}" height="${h}" fill="url(#pt)" opacity="0.06"/>`;
    case 3: {
      const rings = Array.from({ length: 9 }, (_, i) => `<circle cx="${cx}" cy="${cy}" r="${28 + i * 22}"/>`).join('');
      return `<g fill="none" stroke="${p.accent}" stroke-width="6" opacity="0.07">${rings}</g>`;
    }
    case 4:
      return `<defs><pattern id="pt" width="24" height="24" patternUnits="userSpaceOnUse"><path d="M12 0L24 12L12 24L0 12Z" fill="none" stroke="#fff" stroke-width="1.2"/></pattern></defs><rect width="${w}" height="${h}" fill="url(#pt)" opacity="0.1"/>`;
    default: {
      const waves = Array.from({ length: Math.ceil(h / 26) }, (_, i) => {
        const y = 10 + i * 26;
        return `M-10 ${y} Q 15 ${y - 9} 40 ${y} T 90 ${y} T 140 ${y} T 190 ${y} T 240 ${y}`;
      }).join('');
      return `<path d="${waves}" fill="none" stroke="#fff" stroke-width="2" opacity="0.09"/>`;
    }
  }
}

const SPARKLE = 'M0-7L1.6-1.6L7 0L1.6 1.6L0 7L-1.6 1.6L-7 0L-1.6-1.6Z';
function sparkles(s: Stream, p: Palette, w: number, top: number, bottom: number): string {
  return Array.from({ length: 5 + s.int(4) }, () => {
    const x = r1(12 + s.next() * (w - 24));
    const y = r1(top + s.next() * (bottom - top));
    const k = r1(0.5 + s.next() * 0.9);
    return `<path d="${SPARKLE}" transform="translate(${x} ${y}) scale(${k})" fill="${s.next() < 0.5 ? p.accent2 : '#fff'}" opacity="${r1(0.5 + s.next() * 0.5)}"/>`;
  }).join('');
}

// ---- engine motifs, drawn around (0,0) at a nominal width of about 150 ----

const SLOT_SYMBOLS: Record<string, string> = {
  seven: `<text y="14" text-anchor="middle" font-family="${FONT}" font-size="42" font-weight="900" fill="#e53935" stroke="#6d0000" stroke-width="1.5">7</text>`,
  cherry:
    '<path d="M-1-13Q3-3-8 5M-1-13Q6-5 8 7" fill="none" stroke="#2e7d32" stroke-width="2.6" stroke-linecap="round"/><path d="M-1-13Q8-17 12-10Q4-8-1-13Z" fill="#43a047"/><circle cx="-8" cy="8" r="7.5" fill="#d32f2f" stroke="#7f0000"/><circle cx="8" cy="10" r="7.5" fill="#e53935" stroke="#7f0000"/><circle cx="-10.5" cy="5.5" r="2" fill="#fff" opacity=".7"/><circle cx="5.5" cy="7.5" r="2" fill="#fff" opacity=".7"/>',
  star: '<path d="M0-17L4.9-6.5L16.2-5.3L7.8 2.4L10 13.8L0 8.1L-10 13.8L-7.8 2.4L-16.2-5.3L-4.9-6.5Z" fill="#fdd835" stroke="#e65100" stroke-width="1.5" stroke-linejoin="round"/>',
  bell: '<path d="M0-16C9-16 11-7 11 1C11 7 14 9 16 12L-16 12C-14 9-11 7-11 1C-11-7-9-16 0-16Z" fill="#ffb300" stroke="#a64b00" stroke-width="1.5"/><circle cy="15" r="3.2" fill="#a64b00"/><path d="M-5-10Q-8-3-7 4" stroke="#fff" stroke-width="2" opacity=".6" fill="none" stroke-linecap="round"/>',
  diamond:
    '<path d="M-15-5L-8-14L8-14L15-5L0 16Z" fill="#4fc3f7" stroke="#01579b" stroke-width="1.5" stroke-linejoin="round"/><path d="M-15-5H15M-8-14L-4-5L0 16L4-5L8-14" fill="none" stroke="#01579b" stroke-width="1"/><path d="M-8-14L-4-5H-15Z" fill="#fff" opacity=".45"/>',
  bar: `<rect x="-18" y="-10" width="36" height="20" rx="4" fill="#1c1c1c" stroke="#ffca28" stroke-width="2"/><text y="4.5" text-anchor="middle" font-family="${FONT}" font-size="12" font-weight="900" fill="#ffca28" letter-spacing="1">BAR</text>`,
  crown:
    '<path d="M-16 10L-16-8L-8 0L0-14L8 0L16-8L16 10Z" fill="#ffd54f" stroke="#a66f00" stroke-width="1.5" stroke-linejoin="round"/><rect x="-16" y="8" width="32" height="6" rx="2" fill="#ffb300" stroke="#a66f00"/><circle cy="3" r="3" fill="#e53935"/><circle cx="-16" cy="-9" r="2.4" fill="#fff59d"/><circle cx="16" cy="-9" r="2.4" fill="#fff59d"/><circle cy="-15" r="2.4" fill="#fff59d"/>',
  clover:
    '<g fill="#43a047" stroke="#1b5e20" stroke-width="1"><circle cx="-7" cy="-6" r="7"/><circle cx="7" cy="-6" r="7"/><circle cx="-7" cy="6" r="7"/><circle cx="7" cy="6" r="7"/></g><path d="M0 4Q3 12 9 16" stroke="#1b5e20" stroke-width="2.5" fill="none" stroke-linecap="round"/>',
  lemon:
    '<ellipse rx="15" ry="11" transform="rotate(-20)" fill="#ffee58" stroke="#c79a00" stroke-width="1.5"/><ellipse cx="-5" cy="-4" rx="5" ry="2.5" transform="rotate(-20)" fill="#fff" opacity=".6"/>',
};

function slotMotif(s: Stream, p: Palette): string {
  const keys = Object.keys(SLOT_SYMBOLS);
  const symbols = s.next() < 0.08 ? ['seven', 'seven', 'seven'] : [s.pick(keys), s.pick(keys), s.pick(keys)];
  // Each reel shows its win-line symbol and, cut off by the window, the ones above and below.
  const reels = symbols
    .map((symbol, i) => {
      const x = -44 + i * 44;
      const window = `<rect x="${x - 20}" y="-31" width="40" height="62" rx="6"/>`;
      return (
        `<clipPath id="win${i}">${window}</clipPath><rect x="${x - 20}" y="-31" width="40" height="62" rx="6" fill="url(#reel)"/>` +
        `<g clip-path="url(#win${i})"><g transform="translate(${x} -33) scale(.8)" opacity=".45">${SLOT_SYMBOLS[s.pick(keys)]}</g><g transform="translate(${x} 33) scale(.8)" opacity=".45">${SLOT_SYMBOLS[s.pick(keys)]}</g></g>` +
        `<g transform="translate(${x} 0)">${SLOT_SYMBOLS[symbol]}</g>`
      );
    })
    .join('');
  return (
    `<defs><linearGradient id="frame" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff8e1"/><stop offset=".45" stop-color="${p.accent}"/><stop offset="1" stop-color="#6d4c00"/></linearGradient>` +
    `<linearGradient id="reel" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9e9e9e"/><stop offset=".2" stop-color="#fff"/><stop offset=".8" stop-color="#fff"/><stop offset="1" stop-color="#9e9e9e"/></linearGradient></defs>` +
    `<rect x="-76" y="-43" width="152" height="86" rx="15" fill="url(#frame)"/><rect x="-69" y="-36" width="138" height="72" rx="10" fill="#120c1c"/>${reels}` +
    `<path d="M-72 0H72" stroke="${p.accent2}" stroke-width="2" opacity=".85"/><circle cx="-72" r="3.5" fill="${p.accent2}"/><circle cx="72" r="3.5" fill="${p.accent2}"/>`
  );
}

function rouletteMotif(s: Stream, p: Palette): string {
  const R = 64;
  const pockets = 37;
  const outer = R - 6;
  const inner = R * 0.62;
  const step = (Math.PI * 2) / pockets;
  const wedges: string[] = [];
  for (let i = 0; i < pockets; i++) {
    const a = i * step;
    const b = a + step;
    const d = `M${r1(Math.cos(a) * inner)} ${r1(Math.sin(a) * inner)}L${r1(Math.cos(a) * outer)} ${r1(Math.sin(a) * outer)}A${outer} ${outer} 0 0 1 ${r1(Math.cos(b) * outer)} ${r1(Math.sin(b) * outer)}L${r1(Math.cos(b) * inner)} ${r1(Math.sin(b) * inner)}Z`;
    wedges.push(`<path d="${d}" fill="${i === 0 ? '#1b8a3a' : i % 2 ? '#c62828' : '#161616'}"/>`);
  }
  const ball = s.next() * Math.PI * 2;
  const spokes = [0, 45, 90, 135]
    .map((deg) => `<rect x="-1.6" y="-${R * 0.5}" width="3.2" height="${R}" rx="1.6" transform="rotate(${deg})"/>`)
    .join('');
  return (
    `<defs><radialGradient id="rim"><stop offset=".8" stop-color="#5d3a1a"/><stop offset=".92" stop-color="${p.accent}"/><stop offset="1" stop-color="#3e2410"/></radialGradient>` +
    `<radialGradient id="cone"><stop offset="0" stop-color="#8d5a2b"/><stop offset="1" stop-color="#3e2410"/></radialGradient></defs>` +
    `<ellipse cy="${R + 6}" rx="${R * 0.9}" ry="8" fill="#000" opacity=".35"/>` +
    `<circle r="${R}" fill="url(#rim)"/><g transform="rotate(${s.int(360)})">${wedges.join('')}</g>` +
    `<circle r="${outer}" fill="none" stroke="${p.accent}" stroke-width="1.2" opacity=".8"/><circle r="${r1(inner)}" fill="url(#cone)" stroke="${p.accent}" stroke-width="1.5"/>` +
    `<g fill="${p.accent}" transform="rotate(${s.int(90)})">${spokes}</g><circle r="7" fill="${p.accent}" stroke="#5d3a1a"/>` +
    `<circle cx="${r1(Math.cos(ball) * (outer - 7))}" cy="${r1(Math.sin(ball) * (outer - 7))}" r="4.2" fill="#fff" stroke="#999" stroke-width=".6"/>`
  );
}

const PIPS: Record<number, [number, number][]> = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

function die(x: number, y: number, angle: number, value: number, pipColor: string): string {
  const pips = PIPS[value]!.map(
    ([px, py]) => `<circle cx="${px * 14}" cy="${py * 14}" r="5" fill="${pipColor}"/>`,
  ).join('');
  return `<g transform="translate(${x} ${y}) rotate(${angle})"><rect x="-28" y="-24" width="56" height="56" rx="12" fill="#000" opacity=".3"/><rect x="-28" y="-28" width="56" height="56" rx="12" fill="url(#die)" stroke="#d0d0dc" stroke-width="1.2"/>${pips}</g>`;
}

function diceMotif(s: Stream, p: Palette): string {
  const a = 1 + s.int(6);
  const b = 1 + s.int(6);
  return (
    `<defs><linearGradient id="die" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#dcdce8"/></linearGradient></defs>` +
    `<ellipse cy="44" rx="70" ry="9" fill="#000" opacity=".3"/>` +
    die(-32, 8, -14 - s.int(8), a, '#1a1a2e') +
    die(34, -8, 10 + s.int(10), b, s.next() < 0.5 ? '#c62828' : '#1a1a2e') +
    `<circle cx="-62" cy="-36" r="5" fill="${p.accent}" opacity=".8"/>`
  );
}

function crashMotif(s: Stream, p: Palette): string {
  const grid =
    [-60, -35, -10, 15, 40, 65].map((x) => `M${x} -58V48`).join('') +
    [-50, -25, 0, 25].map((y) => `M-72 ${y}H72`).join('');
  const end = { x: 52, y: -42 };
  // How long the round stays flat before it takes off differs per game.
  const bend = r1(-30 + s.next() * 50);
  const curve = `M-70 46C${bend} 46 ${r1(bend + 30)} 30 ${end.x} ${end.y}`;
  const multiplier = (1.5 + s.next() ** 2 * 98).toFixed(s.next() < 0.5 ? 2 : 1);
  return (
    `<defs><linearGradient id="area" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.accent}" stop-opacity=".45"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></linearGradient>` +
    `<linearGradient id="hull" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#c9d3e6"/></linearGradient></defs>` +
    `<path d="${grid}" stroke="#fff" stroke-width="1" opacity=".09"/>` +
    `<path d="${curve}L${end.x} 48L-70 48Z" fill="url(#area)"/>` +
    `<path d="${curve}" fill="none" stroke="${p.accent}" stroke-width="8" opacity=".25" stroke-linecap="round"/>` +
    `<path d="${curve}" fill="none" stroke="${p.accent}" stroke-width="3.5" stroke-linecap="round"/>` +
    `<g transform="translate(${end.x} ${end.y}) rotate(-52)">` +
    `<path d="M-2 12Q0 30 2 12Z" fill="#ffab00"/><path d="M-4 10Q0 22 4 10Z" fill="#fff176"/>` +
    `<path d="M-7 4L-13 13L-6 10ZM7 4L13 13L6 10Z" fill="${p.accent2}"/>` +
    `<path d="M0-20C8-12 8 2 6 11H-6C-8 2-8-12 0-20Z" fill="url(#hull)" stroke="#5c6b8a" stroke-width="1"/>` +
    `<circle cy="-5" r="3.6" fill="${p.to}" stroke="#5c6b8a"/></g>` +
    `<text x="-70" y="-34" font-family="${FONT}" font-size="26" font-weight="900" fill="#fff" stroke="#000" stroke-opacity=".35" stroke-width="3" paint-order="stroke">${multiplier}×</text>`
  );
}

/** The sportsbook's pseudo-game (never listed, but it has a card like any game): a ball. */
function sportsbookMotif(_s: Stream, p: Palette): string {
  return (
    `<circle r="34" fill="#fff" stroke="${p.accent}" stroke-width="3"/>` +
    `<path d="M0-12L11-4L7 10H-7L-11-4Z" fill="${p.to}"/>` +
    `<path d="M0-12V-34M11-4L32-11M7 10L20 28M-7 10L-20 28M-11-4L-32-11" stroke="${p.to}" stroke-width="2"/>`
  );
}

const MOTIFS: Record<GameEngine, (s: Stream, p: Palette) => string> = {
  slot: slotMotif,
  roulette: rouletteMotif,
  dice: diceMotif,
  crash: crashMotif,
  sportsbook: sportsbookMotif,
};

/** The card of a game: background, pattern, engine motif, sparkles, title and studio. */
export function renderGameArt(input: {
  identity: string;
  name: string;
  engine: string;
  providerName: string;
  size: GameArtSize;
  density: 1 | 2;
}): string {
  const [w, h] = GAME_ART_SIZES[input.size];
  const s = hashStream(`game:${input.identity}`);
  const p = PALETTES[s.int(PALETTES.length)]!;
  const portrait = h > w;
  const motifY = portrait ? 112 : 74;
  const motifScale = portrait ? 1.08 : 0.82;
  const angle = s.pick([0, 30, 60, 90, 120, 150]);
  const engine = (input.engine in MOTIFS ? input.engine : 'slot') as GameEngine;

  const title = fitTitle(input.name.toUpperCase(), w - 24, portrait ? 3 : 2, portrait ? 27 : 22, 0.6);
  const lineHeight = r1(title.fontSize * 1.06);
  const providerY = h - 12;
  const lastTitleY = providerY - 15;
  const titleLines = title.lines
    .map(
      (line, i) =>
        `<tspan x="${w / 2}" y="${r1(lastTitleY - (title.lines.length - 1 - i) * lineHeight)}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  const scrimTop = Math.max(0, lastTitleY - title.lines.length * lineHeight - 18);

  return (
    svgOpen(w, h, input.density, input.name) +
    `<defs><linearGradient id="bg" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>` +
    `<radialGradient id="glow" cx="${w / 2}" cy="${motifY}" r="${portrait ? 110 : 90}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${p.accent}" stop-opacity=".45"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="vignette" cx=".5" cy=".45" r=".75"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".45"/></radialGradient>` +
    `<linearGradient id="scrim" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset=".55" stop-color="#000" stop-opacity=".55"/><stop offset="1" stop-color="#000" stop-opacity=".8"/></linearGradient>` +
    `<linearGradient id="ink" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="${p.accent2}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    pattern(s, p, w, h, w / 2, motifY) +
    `<rect width="${w}" height="${h}" fill="url(#glow)"/>` +
    sparkles(s, p, w, 8, motifY + 40) +
    `<g transform="translate(${w / 2} ${motifY}) scale(${motifScale})">${MOTIFS[engine](s, p)}</g>` +
    `<rect width="${w}" height="${h}" fill="url(#vignette)"/>` +
    `<rect y="${r1(scrimTop)}" width="${w}" height="${r1(h - scrimTop)}" fill="url(#scrim)"/>` +
    `<text text-anchor="middle" font-family="${FONT}" font-size="${title.fontSize}" font-weight="800" letter-spacing="0.6" fill="url(#ink)" stroke="#000" stroke-opacity=".6" stroke-width="3" stroke-linejoin="round" paint-order="stroke">${titleLines}</text>` +
    `<text x="${w / 2}" y="${providerY}" text-anchor="middle" font-family="${FONT}" font-size="9" font-weight="700" letter-spacing="1.6" fill="${p.accent}">${escapeXml(input.providerName.toUpperCase())}</text>` +
    `<rect x=".5" y=".5" width="${w - 1}" height="${h - 1}" fill="none" stroke="#fff" stroke-opacity=".14"/>` +
    '</svg>'
  );
}

const EMBLEMS = [
  (c: string) => `<circle r="14" fill="${c}"/>`,
  (c: string) => `<path d="M0-15L13-7.5V7.5L0 15L-13 7.5V-7.5Z" fill="${c}"/>`,
  (c: string) => `<path d="M-12-14H12V2C12 9 6 13 0 16C-6 13-12 9-12 2Z" fill="${c}"/>`,
  (c: string) => `<rect x="-13" y="-13" width="26" height="26" rx="7" fill="${c}" transform="rotate(45)"/>`,
];

/** A studio's wordmark: emblem with its initials, then the name on one or two lines. */
export function renderProviderLogo(input: { identity: string; name: string; density: 1 | 2 }): string {
  const [w, h] = [116, 40];
  const s = hashStream(`provider:${input.identity}`);
  const p = PALETTES[s.int(PALETTES.length)]!;
  const words = input.name.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  const initials = (words.length > 1 ? words[0]![0]! + words[1]![0]! : words[0]!.slice(0, 2)).toUpperCase();
  const textX = 40;
  const title = fitTitle(input.name.toUpperCase(), w - textX - 6, 2, 12, 0.4);
  const lineHeight = r1(title.fontSize * 1.1);
  const firstY = r1(h / 2 + title.fontSize * 0.36 - ((title.lines.length - 1) * lineHeight) / 2);
  const lines = title.lines
    .map((line, i) => `<tspan x="${textX}" y="${r1(firstY + i * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join('');
  return (
    svgOpen(w, h, input.density, input.name) +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" rx="8" fill="url(#bg)"/>` +
    `<g transform="translate(20 20)">${s.pick(EMBLEMS)(p.accent)}<text y="4.2" text-anchor="middle" font-family="${FONT}" font-size="${initials.length > 1 ? 11 : 14}" font-weight="900" fill="${p.from}">${escapeXml(initials)}</text></g>` +
    `<text font-family="${FONT}" font-size="${title.fontSize}" font-weight="800" letter-spacing="0.4" fill="#fff">${lines}</text>` +
    '</svg>'
  );
}

/** Strong validator of a rendered file. */
export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
