import { describe, expect, it } from 'vitest';
import { buildFieldsSchema, isValidCpf, isValidPhone, type FieldMeta } from '../validation.ts';
import { canOpenModal, MODAL_NAMES, modalZIndex } from '../modals.ts';
import { displayText, HIDDEN_CHARACTERS_MESSAGE } from '../text.ts';

const field = (name: string, isRequired: boolean, rules: FieldMeta['rules']): FieldMeta => ({
  id: 1,
  name,
  description: name,
  editable: true,
  isRequired,
  isVisible: true,
  position: 1,
  rules,
});

describe('text other people see', () => {
  it('refuses controls, bidi overrides and isolates, and zero-width characters; accepts any script and emoji', () => {
    const schema = displayText().max(64);
    for (const ok of ['Ana', 'José Ñúñez', 'Ωμέγα', 'محمد', '李雷', 'Zoë 🎰', "O'Brien-Smith", '👩\u200D💻 dev']) {
      expect(schema.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of [
      'admin\u202Egnp.exe',
      'ad\u200Bmin',
      'a\u2066b\u2069',
      'line\nbreak',
      'bell\u0007',
      '\uFEFFbom',
      'x\u0000',
    ]) {
      const result = schema.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
    }
    expect(schema.safeParse('ad\u200Bmin').error?.issues[0]?.message).toBe(HIDDEN_CHARACTERS_MESSAGE);
  });
});

describe('validation rules', () => {
  it('checks CPF numbers: 11 digits, not all equal, two check digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('52998224724')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
  });

  it('checks international phone numbers', () => {
    expect(isValidPhone('+49 30 1234567')).toBe(true);
    expect(isValidPhone('030 1234567')).toBe(false);
  });

  it('builds one schema from server-defined fields with their messages', () => {
    const schema = buildFieldsSchema(
      [
        field('email', true, [
          { name: 'required', message: 'Value is required' },
          { name: 'email', message: 'bad email' },
        ]),
        field('password', true, [{ name: 'minLength', min: 6, message: 'min 6' }]),
        field('password_confirmation', true, [{ name: 'sameAs', param: 'password', message: 'must match' }]),
        field('currency', true, [{ name: 'currency', message: 'unknown currency' }]),
        field('agreements', true, [{ name: 'accepted', message: 'accept terms' }]),
        field('nickname', false, [{ name: 'minLength', min: 2, message: 'min 2' }]),
      ],
      { currencies: ['EUR'], countries: ['DE'] },
    );
    const ok = schema.safeParse({
      email: 'a@b.de',
      password: 'secret',
      password_confirmation: 'secret',
      currency: 'EUR',
      agreements: true,
      nickname: '',
    });
    expect(ok.success).toBe(true);
    const bad = schema.safeParse({
      email: 'nope',
      password: '123',
      password_confirmation: '124',
      currency: 'XXX',
      agreements: false,
      nickname: 'a',
    });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      email: 'bad email',
      password: 'min 6',
      password_confirmation: 'must match',
      currency: 'unknown currency',
      agreements: 'accept terms',
      nickname: 'min 2',
    });
  });
});

describe('modal registry', () => {
  it('has the 43 modal names of the spec with their access levels, and our two free-spin confirmations', () => {
    const ours = ['freespins-activate', 'freespins-cancel'];
    expect(MODAL_NAMES).toEqual(expect.arrayContaining(ours));
    expect(MODAL_NAMES.filter((name) => !ours.includes(name))).toHaveLength(43);
    expect(canOpenModal('freespins-activate', false)).toBe(false);
    expect(canOpenModal('sign-in', false)).toBe(true);
    expect(canOpenModal('sign-in', true)).toBe(false);
    expect(canOpenModal('wallet', false)).toBe(false);
    expect(canOpenModal('wallet', true)).toBe(true);
    expect(canOpenModal('search', false) && canOpenModal('search', true)).toBe(true);
  });

  it('stacks modals at 1000 + 2 per level', () => {
    expect(modalZIndex(0)).toBe(1000);
    expect(modalZIndex(2)).toBe(1004);
  });
});
