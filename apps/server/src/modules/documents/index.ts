/** Identity documents: uploads kept outside the web root, an operator's review pushed to the player. */
export { documentsModule } from './manifest.ts';
export { hasApprovedIdentityDocument, pendingDocuments, reviewDocument } from './service.ts';
