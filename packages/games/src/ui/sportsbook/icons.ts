/** Small line icons (emoji render as boxes where no emoji font is installed). */
import type { SportId } from '../../sportsbook/api.ts';

const wrap = (body: string) =>
  `<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`;

const ICONS = {
  home: wrap('<path d="M4 11.5 12 5l8 6.5"/><path d="M6.5 10v9h11v-9"/><path d="M10 19v-5h4v5"/>'),
  football: wrap(
    '<circle cx="12" cy="12" r="8.5"/><path d="m12 8 3.3 2.4-1.3 3.9h-4l-1.3-3.9Z"/><path d="M12 8V3.5M15.3 10.4l4.2-1.4M14 14.3l2.6 3.6M10 14.3l-2.6 3.6M8.7 10.4 4.5 9"/>',
  ),
  tennis: wrap('<circle cx="12" cy="12" r="8.5"/><path d="M5.5 6.5c3 2.8 3 8.2 0 11M18.5 6.5c-3 2.8-3 8.2 0 11"/>'),
  basketball: wrap(
    '<circle cx="12" cy="12" r="8.5"/><path d="M3.5 12h17M12 3.5v17M6 6c2.5 2.5 2.5 9.5 0 12M18 6c-2.5 2.5-2.5 9.5 0 12"/>',
  ),
  'ice-hockey': wrap(
    '<path d="M6 3.5 13 17h5.5a1.5 1.5 0 0 1 0 3H11L4 5"/><ellipse cx="7" cy="18.5" rx="3" ry="1.5"/>',
  ),
  esports: wrap(
    '<path d="M7 8h10a4 4 0 0 1 4 4.5l-.6 3.4a2 2 0 0 1-3.4 1L15 15H9l-2 1.9a2 2 0 0 1-3.4-1L3 12.5A4 4 0 0 1 7 8Z"/><path d="M8 11v3M6.5 12.5h3"/><path d="M15.5 12h.01M17.5 13.5h.01"/>',
  ),
  ticket: wrap(
    '<path d="M4 7.5A1.5 1.5 0 0 1 5.5 6h13A1.5 1.5 0 0 1 20 7.5v2a2.5 2.5 0 0 0 0 5v2a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 16.5v-2a2.5 2.5 0 0 0 0-5Z"/><path d="M14 6v12" stroke-dasharray="2 2"/>',
  ),
  lock: wrap('<rect x="5.5" y="10.5" width="13" height="9" rx="2"/><path d="M8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5"/>'),
} as const;

export type IconName = keyof typeof ICONS;

export function icon(name: IconName | SportId, className = 'icon'): HTMLSpanElement {
  const span = document.createElement('span');
  span.className = className;
  span.setAttribute('aria-hidden', 'true');
  span.innerHTML = ICONS[name];
  return span;
}
