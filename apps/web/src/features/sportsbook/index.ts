// Public surface of the sportsbook feature for the site frame and the home page: small, the events
// sections load on their own. The betting page's surface is page.ts.
export { SportsbookEvents } from './events-gate.tsx';
