import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import type { ModuleManifest } from '../lib/module.ts';
import { invalidConfig, type ModuleSettings, type SettingsCore, type SettingsSection } from '../lib/settings.ts';
import { MODULES } from '../module-list.ts';
import { PRODUCTION_ENV } from '../test/server.ts';

/** The modules' settings sections, composed by loadConfig from the module list (lib/settings.ts). */
const sections = MODULES.flatMap((m) => (m.settings ? [{ module: m.name, section: m.settings }] : []));
const variables = sections.flatMap(({ module, section }) =>
  Object.entries(section.env).map(([name, field]) => ({ module, key: section.key, name, field })),
);

/** Whether a variable's own field takes this value (the empty string is "unset" to loadConfig). */
const takes = (name: string, field: z.ZodType, value: string) =>
  z.object({ [name]: field }).safeParse({ [name]: value }).success;
const CANDIDATES = [
  'https://x.example',
  's'.repeat(40),
  '10',
  '1',
  '1000',
  'always',
  'card=sandbox',
  'DE89370400440532013000',
  'COBADEFFXXX',
  'smtp://mail.example',
  'Casino <no-reply@x.example>',
  'widget-key-1',
  'x',
  '-5',
  'not a url',
  '127.0.0.1',
];

const probe = (key: string, env: SettingsSection['env'], read: SettingsSection['read']): ModuleManifest => ({
  name: `probe-${key}`,
  settings: { key: key as keyof ModuleSettings, env, read },
  setup: () => ({}),
});

describe('module settings sections', () => {
  it('the core and the modules own their variables: at least the known sections are listed', () => {
    expect(sections.map((s) => s.section.key).sort()).toEqual(
      [
        'alerts',
        'bonus',
        'documentsDir',
        'game',
        'kyc',
        'limits',
        'mail',
        'payment',
        'social',
        'sportsbook',
        'staff',
        'supportWidgetKey',
      ].sort(),
    );
    // Each is `config.<key>`.
    const config = loadConfig({});
    for (const { section } of sections) expect(Object.hasOwn(config, section.key), section.key).toBe(true);
  });

  it('every variable of a section reaches its read through loadConfig (parsed with the others, once)', () => {
    for (const { module, key, name, field } of variables) {
      const value = CANDIDATES.find((c) => takes(name, field as z.ZodType, c));
      expect(value, `${module}: ${name} takes none of the sample values`).toBeDefined();
      let seen: Record<string, unknown> | undefined;
      // The module list with this section's read watched.
      const watched = MODULES.map((m) =>
        m.settings?.key === key
          ? {
              ...m,
              settings: {
                ...m.settings,
                read: (values: Record<string, unknown>, core: SettingsCore) => {
                  seen = values;
                  return m.settings!.read(values, core);
                },
              },
            }
          : m,
      );
      try {
        loadConfig({ [name]: value! }, watched);
      } catch (error) {
        // A section may refuse a variable alone (a host without its client id): the read saw it all the same.
        expect(error).toBeInstanceOf(ConfigError);
      }
      expect(seen?.[name], `${module}: ${name}=${value}`).not.toBeUndefined();
    }
  });

  it("a section's invalid value is reported by loadConfig, naming the variable", () => {
    let checked = 0;
    for (const { name, field } of variables) {
      const bad = CANDIDATES.find((c) => !takes(name, field as z.ZodType, c));
      if (!bad) continue;
      expect(() => loadConfig({ [name]: bad }), name).toThrow(
        new RegExp(`^Invalid configuration:\\n(.*\\n)*  ${name}: `),
      );
      checked++;
    }
    expect(checked).toBeGreaterThan(variables.length / 2);
    // A module outside the list's sections too: its variable is parsed with the core's.
    const extra = probe('probeSection', { PROBE_COUNT: z.coerce.number().int().min(1) }, (e) => e.PROBE_COUNT as never);
    expect(() => loadConfig({ PROBE_COUNT: 'many' }, [...MODULES, extra])).toThrow(/PROBE_COUNT: /);
    expect(
      (loadConfig({ PROBE_COUNT: '3' }, [...MODULES, extra]) as unknown as { probeSection: number }).probeSection,
    ).toBe(3);
  });

  it('two sections cannot claim the same variable or key, nor a core variable or key', () => {
    const read = () => null as never;
    const first = probe('probeOne', { PROBE_SHARED: z.string().optional() }, read);
    const second = probe('probeTwo', { PROBE_SHARED: z.string().optional() }, read);
    expect(() => loadConfig({}, [...MODULES, first, second])).toThrow(
      /PROBE_SHARED: declared by both the probe-probeOne module and the probe-probeTwo module/,
    );
    // A module's variable claimed again.
    expect(() =>
      loadConfig({}, [...MODULES, probe('probeThree', { GAME_PROVIDER_URL: z.string().optional() }, read)]),
    ).toThrow(/GAME_PROVIDER_URL: declared by both the game module and the probe-probeThree module/);
    expect(() => loadConfig({}, [...MODULES, probe('probeFour', { PORT: z.string().optional() }, read)])).toThrow(
      /PORT: declared by both the core and the probe-probeFour module/,
    );
    expect(() => loadConfig({}, [...MODULES, probe('payment', {}, read)])).toThrow(
      /config\.payment: the settings section of both the payment module and the probe-payment module/,
    );
    expect(() => loadConfig({}, [...MODULES, probe('port', {}, read)])).toThrow(
      /config\.port: a settings section named as/,
    );
  });

  it("each section's problem is listed, in one error, with the core's", () => {
    const { PAYMENT_PROVIDER_URL: _, GAME_PROVIDER_URL: __, ...env } = PRODUCTION_ENV;
    let message = '';
    try {
      loadConfig({ ...env, SEED_DEMO: '1' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message.split('\n')).toEqual([
      'Invalid configuration:',
      '  SEED_DEMO: demo data must not be seeded in production (set SEED_DEMO=0)',
      '  GAME_PROVIDER_URL: required in production (the game provider (aggregator) that runs the games)',
      '  PAYMENT_PROVIDER_URL: required in production (the payment provider (the sandbox pays with public test cards))',
    ]);
    // A section's own error that is not a list is still one line of it; any other error is not a configuration's.
    const plain = probe('probePlain', {}, () => {
      throw new ConfigError('PROBE: refused');
    });
    const listed = probe('probeListed', {}, () => {
      throw invalidConfig('PROBE_TOO: refused');
    });
    expect(() => loadConfig({}, [...MODULES, plain, listed])).toThrow(
      new ConfigError('Invalid configuration:\n  PROBE: refused\n  PROBE_TOO: refused'),
    );
    const broken = probe('probeBroken', {}, () => {
      throw new TypeError('a bug');
    });
    expect(() => loadConfig({}, [...MODULES, broken])).toThrow(TypeError);
  });
});
