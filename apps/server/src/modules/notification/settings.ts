import { z } from 'zod';
import { settingsSection } from '../../lib/settings.ts';

const supportEnv = {
  /** A third-party chat widget (Zendesk Web Widget key); unset: the built-in live chat. */
  SUPPORT_WIDGET_KEY: z
    .string()
    .regex(/^[\w-]{8,100}$/)
    .optional(),
};

type SupportEnv = z.infer<z.ZodObject<typeof supportEnv>>;

declare module '../../lib/settings.ts' {
  interface ModuleSettings {
    /** A third-party chat widget's key; null: the built-in support chat. */
    supportWidgetKey: string | null;
  }
}

export const supportSettings = settingsSection(
  'supportWidgetKey',
  supportEnv,
  (e: SupportEnv) => e.SUPPORT_WIDGET_KEY ?? null,
);
