import { z } from 'zod';

/** A setting the deployment cannot start with; the message names the variable and what it takes. */
export class ConfigError extends Error {}

/**
 * The settings sections of the modules, each as `config.<key>`. A module adds its own by merging into
 * this interface from its settings file (`declare module '…/lib/settings.ts'`), and lists the section
 * in its manifest (`settings`), which is how loadConfig finds it.
 */
// oxlint-disable-next-line typescript/no-empty-interface -- filled by the modules (declaration merging)
export interface ModuleSettings {}

/** What a section reads besides its own variables. */
export type SettingsCore = {
  production: boolean;
  /** PUBLIC_URL (or where this server listens), without a trailing slash. */
  publicUrl: string;
  /** DATA_DIR, resolved: where a module keeps its files unless told otherwise. */
  dataDir: string;
};

/**
 * A module's settings: its environment variables (zod, checked with every other at start) and the
 * section made of them. `read` throws ConfigError for what the deployment must not run with (a sandbox
 * party or a demo secret in production, a half-configured partner).
 */
export type SettingsSection<K extends keyof ModuleSettings = keyof ModuleSettings> = {
  key: K;
  env: z.ZodRawShape;
  read(env: Record<string, unknown>, core: SettingsCore): ModuleSettings[K];
};

/** A section whose `read` sees its own variables typed. */
export const settingsSection = <K extends keyof ModuleSettings, Shape extends z.ZodRawShape>(
  key: K,
  env: Shape,
  read: (env: z.infer<z.ZodObject<Shape>>, core: SettingsCore) => ModuleSettings[K],
): SettingsSection =>
  ({ key, env, read: (values, core) => read(values as z.infer<z.ZodObject<Shape>>, core) }) as SettingsSection;

/** An environment flag: 1, true, yes (and 0, false, no, empty). */
export const envFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** An HMAC secret shared with a partner (or its `_PREVIOUS` during a rotation). */
export const envSecret = () => z.string().min(32, 'must be at least 32 characters').optional();

/** The ConfigError every check gives: `Invalid configuration:` and one `VARIABLE: what is wrong` a line. */
export const invalidConfig = (...issues: string[]): ConfigError =>
  new ConfigError(`Invalid configuration:\n${issues.map((issue) => `  ${issue}`).join('\n')}`);

/** Throws these problems together (one ConfigError), if there are any. */
export function refuse(issues: readonly string[]): void {
  if (issues.length > 0) throw invalidConfig(...issues);
}

/** Secrets published in this repository (a former demo constant, the docs' example): production refuses them. */
export const PUBLISHED_SECRETS: ReadonlySet<string> = new Set([
  'demo-only-secret-never-use-in-production-0000',
  'example-secret-0123456789abcdef0123456789abcdef',
]);

/**
 * What is wrong with these secrets and their rotations (docs/operations.md#secrets): a `<NAME>_PREVIOUS`
 * only beside its current one (and not the same value); production accepts no published value, current
 * or previous.
 */
export function rotationIssues(env: Record<string, unknown>, names: readonly string[], production: boolean): string[] {
  const issues: string[] = [];
  for (const name of names) {
    const current = env[name] as string | undefined;
    const previous = env[`${name}_PREVIOUS`] as string | undefined;
    if (previous && !current) issues.push(`${name}_PREVIOUS: set only beside ${name}`);
    if (previous && previous === current) issues.push(`${name}_PREVIOUS: the same value as ${name}`);
    for (const [key, value] of [
      [name, current],
      [`${name}_PREVIOUS`, previous],
    ] as const) {
      if (production && value && PUBLISHED_SECRETS.has(value))
        issues.push(`${key}: a published demo value, never accepted in production`);
    }
  }
  return issues;
}

/**
 * Production never talks to a built-in sandbox party: each `[variable, what it names]` it needs and is
 * unset, as `VARIABLE: required in production (what)`. None outside production.
 */
export function missingInProduction(
  env: Record<string, unknown>,
  needed: ReadonlyArray<readonly [name: string, what: string]>,
  production: boolean,
): string[] {
  if (!production) return [];
  return needed.filter(([name]) => !env[name]).map(([name, what]) => `${name}: required in production (${what})`);
}
