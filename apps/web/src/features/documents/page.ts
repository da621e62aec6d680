// What pages of the documents feature use (loaded with those pages, never in the first JS).
export { DocumentsPanel } from './documents-panel.tsx';
export { IdentityCheck } from './identity-check.tsx';
