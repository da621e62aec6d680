/** Slot symbols as one inline SVG sprite (no image requests, crisp at any size, no emoji font needed). */
import type { SlotSymbol } from '../../engines/types.ts';
import { t, type MessageKey } from '../shell/i18n.ts';

/** Each symbol's text key; `symbolName` reads it in the page language. */
export const SYMBOL_NAMES: Record<SlotSymbol, MessageKey> = {
  cherry: 'symCherry',
  lemon: 'symLemon',
  plum: 'symPlum',
  bell: 'symBell',
  bar: 'symBar',
  seven: 'symSeven',
  wild: 'symWild',
  scatter: 'symScatter',
};

export const symbolName = (symbol: SlotSymbol): string => t(SYMBOL_NAMES[symbol]);

const SPRITE = `<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" style="position:absolute" aria-hidden="true" focusable="false">
<defs>
<radialGradient id="g-red" cx="35%" cy="35%" r="70%"><stop offset="0" stop-color="#ff8a8a"/><stop offset=".55" stop-color="#e0273b"/><stop offset="1" stop-color="#8f0f1e"/></radialGradient>
<radialGradient id="g-lemon" cx="35%" cy="35%" r="75%"><stop offset="0" stop-color="#fff6b0"/><stop offset=".6" stop-color="#f7d21e"/><stop offset="1" stop-color="#b88a00"/></radialGradient>
<radialGradient id="g-plum" cx="35%" cy="30%" r="75%"><stop offset="0" stop-color="#d7a4ff"/><stop offset=".55" stop-color="#7c3aed"/><stop offset="1" stop-color="#3b0f7a"/></radialGradient>
<linearGradient id="g-gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff1a8"/><stop offset=".5" stop-color="#f5b914"/><stop offset="1" stop-color="#a86a00"/></linearGradient>
<linearGradient id="g-seven" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff6b6b"/><stop offset="1" stop-color="#b3121f"/></linearGradient>
<linearGradient id="g-wild" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6ee7b7"/><stop offset=".5" stop-color="#10b981"/><stop offset="1" stop-color="#065f46"/></linearGradient>
<radialGradient id="g-star" cx="50%" cy="40%" r="60%"><stop offset="0" stop-color="#fff"/><stop offset=".35" stop-color="#ffd1f2"/><stop offset="1" stop-color="#db2777"/></radialGradient>
</defs>
<symbol id="s-cherry" viewBox="0 0 100 100"><path d="M36 62C40 40 50 26 70 16M64 64c-2-18 0-34 6-48" fill="none" stroke="#3f8f2f" stroke-width="5" stroke-linecap="round"/><path d="M70 16c8-6 20-5 24 2-8 6-18 6-24-2Z" fill="#4caf50"/><circle cx="34" cy="70" r="17" fill="url(#g-red)"/><circle cx="66" cy="72" r="17" fill="url(#g-red)"/><circle cx="28" cy="64" r="4" fill="#fff" opacity=".6"/><circle cx="60" cy="66" r="4" fill="#fff" opacity=".6"/></symbol>
<symbol id="s-lemon" viewBox="0 0 100 100"><path d="M12 52c4-20 22-32 40-32s32 10 38 26c2 4 2 8-2 10-6 18-22 26-38 26-18 0-34-10-38-26-2-2-2-2 0-4Z" fill="url(#g-lemon)" stroke="#a07800" stroke-width="2"/><path d="M30 40c6-6 14-9 22-9" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity=".55" fill="none"/></symbol>
<symbol id="s-plum" viewBox="0 0 100 100"><path d="M52 22c6-8 16-12 26-10-4 10-12 14-24 14" fill="#4caf50"/><circle cx="50" cy="58" r="32" fill="url(#g-plum)"/><path d="M50 28c-6 10-7 30 0 60" stroke="#2e0a5e" stroke-width="3" fill="none" opacity=".5"/><ellipse cx="38" cy="44" rx="7" ry="10" fill="#fff" opacity=".35"/></symbol>
<symbol id="s-bell" viewBox="0 0 100 100"><circle cx="50" cy="14" r="6" fill="url(#g-gold)"/><path d="M50 18c-18 0-27 14-27 32v14l-9 12h72l-9-12V50c0-18-9-32-27-32Z" fill="url(#g-gold)" stroke="#8a5700" stroke-width="2"/><circle cx="50" cy="82" r="8" fill="#c78a00" stroke="#8a5700" stroke-width="2"/><path d="M36 40c2-8 7-12 12-13" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity=".6" fill="none"/></symbol>
<symbol id="s-bar" viewBox="0 0 100 100"><rect x="8" y="28" width="84" height="44" rx="8" fill="#111827" stroke="url(#g-gold)" stroke-width="5"/><text x="50" y="62" text-anchor="middle" font-family="Arial Black,Impact,Arial,sans-serif" font-weight="900" font-size="30" fill="url(#g-gold)" letter-spacing="1">BAR</text></symbol>
<symbol id="s-seven" viewBox="0 0 100 100"><path d="M22 16h60v12L50 88H30l32-58H22Z" fill="url(#g-seven)" stroke="#fff" stroke-width="4" stroke-linejoin="round"/><path d="M28 21h46" stroke="#fff" stroke-width="3" opacity=".5"/></symbol>
<symbol id="s-wild" viewBox="0 0 100 100"><rect x="8" y="16" width="84" height="68" rx="14" fill="url(#g-wild)" stroke="#d1fae5" stroke-width="3"/><text x="50" y="61" text-anchor="middle" font-family="Arial Black,Impact,Arial,sans-serif" font-weight="900" font-size="25" fill="#fff" stroke="#064e3b" stroke-width="1.5" letter-spacing="1">WILD</text></symbol>
<symbol id="s-scatter" viewBox="0 0 100 100"><path d="M50 6l12 28 30 3-23 20 7 30-26-16-26 16 7-30L8 37l30-3Z" fill="url(#g-star)" stroke="#fff" stroke-width="3" stroke-linejoin="round"/><text x="50" y="60" text-anchor="middle" font-family="Arial,sans-serif" font-weight="900" font-size="13" fill="#831843">FREE</text></symbol>
</svg>`;

export function installSymbolSprite(): void {
  if (document.getElementById('s-cherry')) return;
  const holder = document.createElement('div');
  holder.innerHTML = SPRITE;
  document.body.prepend(holder.firstElementChild!);
}

/** Markup of one symbol; the caller's element carries the accessible name. */
export function symbolSvg(symbol: SlotSymbol): string {
  return `<svg viewBox="0 0 100 100" aria-hidden="true" focusable="false"><use href="#s-${symbol}"/></svg>`;
}
