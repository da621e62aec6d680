// The content pages' surface: loaded with their own chunks, never by the site frame.
export { ContentPageView } from './content-page.tsx';
export { HelpCentre } from './help-centre.tsx';
