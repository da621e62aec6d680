import path from 'node:path';
import { z } from 'zod';
import { settingsSection, type SettingsCore } from '../../lib/settings.ts';

const documentsEnv = {
  /** Where uploaded identity documents are kept (default DATA_DIR/documents); never under the web root. */
  DOCUMENTS_DIR: z.string().min(1).optional(),
};

type DocumentsEnv = z.infer<z.ZodObject<typeof documentsEnv>>;

/** The directory uploaded identity documents are kept in. */
const readDocumentsDir = (e: DocumentsEnv, { dataDir }: SettingsCore) =>
  e.DOCUMENTS_DIR ? path.resolve(e.DOCUMENTS_DIR) : path.join(dataDir, 'documents');

declare module '../../lib/settings.ts' {
  interface ModuleSettings {
    documentsDir: string;
  }
}

export const documentsSettings = settingsSection('documentsDir', documentsEnv, readDocumentsDir);
