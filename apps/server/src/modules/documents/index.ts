/** Identity documents: uploads kept outside the web root, an operator's review pushed to the player. */
export { documentRoutes } from './routes.ts';
export { hasApprovedIdentityDocument, pendingDocuments, reviewDocument } from './service.ts';
