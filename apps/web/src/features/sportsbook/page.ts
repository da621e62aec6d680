// The betting page's surface: loaded with the page's own chunk, never by the site frame.
export { SportsbookFrame } from './sportsbook-frame.tsx';
