// The limits page's panel (one chunk with the profile tab that shows it).
export { LimitsPanel } from './limits-panel.tsx';
