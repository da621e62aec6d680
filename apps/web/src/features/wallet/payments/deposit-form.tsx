import { LocaleLink } from '@/shared/i18n';
import { Suspense, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { TFunction } from '@/shared/i18n/translator.ts';
import { ErrorCode, isValidCpf, type Account, type BonusDefinition, type PaymentMethod } from '@casino/contracts';
import { track } from '@/shared/lib/analytics.ts';
import { isApiError } from '@/shared/lib/http.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { useCreateDeposit, useMethods } from '../api/payments.ts';
import { useMoney } from '@/shared/lib/use-money.ts';
import '../i18n/index.ts';
import { AmountField, MethodPicker, methodName } from './payment-parts.tsx';
import { CryptoDeposit } from './crypto-deposit.tsx';
import { onDepositAbandoned } from './abandon.ts';
import { useModal } from '@/shared/modals/index.ts';
import { TextField } from '@/shared/ui/text-field.tsx';
import { useBonusDeclineDefault, useDepositBonuses } from '../api/deposit-bonuses.ts';
import { DepositBonusPicker, NO_BONUS } from './deposit-bonus-picker.tsx';
import { refusalOf } from './deposit-bonus.ts';
import { clearDepositPrefill, readDepositPrefill } from './deposit-prefill.ts';
import { DepositStep, type DepositStepResult } from './deposit-step.tsx';

/** A deposit-limit refusal (13100) in the player's words: which limit, and what it still lets in. */
function depositLimitText(t: TFunction, money: (amount: number, code: string) => string, error: unknown) {
  if (!isApiError(error) || error.code !== ErrorCode.depositLimitReached) return null;
  const limit = error.limit;
  if (!limit) return t('wallet.pay.limitReached');
  const period = t(`wallet.pay.depositLimit.period.${limit.period}`);
  return limit.left > 0
    ? t('wallet.pay.depositLimit.left', { period, left: money(limit.left, limit.currency) })
    : t('wallet.pay.depositLimit.none', { period });
}

/** What happens next, per way of paying: only a card page keeps card details away from this site. */
const DEPOSIT_NOTES: Record<PaymentMethod['processingType'], string> = {
  iframe: 'wallet.pay.depositNote',
  form: 'wallet.pay.depositNoteForm',
  qr: 'wallet.pay.depositNoteQr',
  asyncRedirect: 'wallet.pay.depositNoteQr',
  message: 'wallet.pay.depositNoteTransfer',
};

/** The form's choices: the method, the amount and the bonus, each with the default it falls back to. */
function useDepositChoices(account: Account) {
  const methods = useMethods('deposit', account.currency);
  const [chosen, setChosen] = useState<string>();
  // A deposit the welcome package sent the player to: its bonus and minimum amount, taken once.
  const [prefill] = useState(readDepositPrefill);
  useEffect(() => clearDepositPrefill(), []);
  // null: not typed yet, so the method's default preset shows.
  const [typed, setAmount] = useState<string | null>(prefill ? String(prefill.amount) : null);
  const offers = useDepositBonuses(account.currency);
  const declineDefault = useBonusDeclineDefault().data ?? false;
  const [bonusChoice, setBonusChoice] = useState<string | undefined>(prefill?.bonusId);

  const list = methods.data ?? [];
  const method: PaymentMethod | undefined = list.find((m) => m.method === chosen) ?? list[0];
  const preset = method?.presets.find((p) => p.default) ?? method?.presets[0];
  const amount = typed ?? (preset ? String(preset.amount) : '');
  // The bonus chosen, while the amount triggers it; else the operator's default (the first the amount
  // triggers, or "no bonus" when it says so).
  const offerList = offers.data ?? [];
  const typedValue = Number(amount.replace(',', '.'));
  const triggered = offerList.filter((o) => refusalOf(o, account.currency, typedValue) === null);
  const bonus =
    bonusChoice === NO_BONUS || triggered.some((o) => o.id === bonusChoice)
      ? bonusChoice!
      : declineDefault
        ? NO_BONUS
        : (triggered[0]?.id ?? NO_BONUS);
  // Another method starts from its own default amount.
  const chooseMethod = (m: string) => {
    setChosen(m);
    setAmount(null);
    track('payment_method_select', { method_name: m });
  };
  return { methods, list, method, amount, setAmount, chooseMethod, offerList, typedValue, bonus, setBonusChoice };
}

/** What the form sends: the method chosen, the amount as typed, and the bonus and offers it chose from. */
type DepositChoice = { method: PaymentMethod; amount: string; bonus: string; offerList: BonusDefinition[] };

/** The method's own fields the player got wrong: each required one left empty, each not in its format. */
function invalidFieldsOf(t: TFunction, method: PaymentMethod, fields: Record<string, string>) {
  const invalid: Record<string, string> = {};
  for (const field of method.fields) {
    const entered = (fields[field.key] ?? '').trim();
    if (!entered && field.isRequired) invalid[field.key] = t('wallet.pay.required');
    else if (
      entered &&
      (!new RegExp(field.regexp).test(entered) || (field.fieldType === 'cpf' && !isValidCpf(entered)))
    )
      invalid[field.key] = t('wallet.pay.invalid');
  }
  return invalid;
}

/** Creating the deposit: the amount and fields checked first, then the created step or the server's refusal. */
function useDepositRequest(account: Account) {
  const { t } = useTranslation();
  const money = useMoney();
  const create = useCreateDeposit();
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<DepositStepResult>();
  useEffect(() => onDepositAbandoned((id) => setResult((open) => (open?.invoiceId === id ? undefined : open))), []);

  const submit = (event: FormEvent, { method, amount, bonus, offerList }: DepositChoice) => {
    event.preventDefault();
    const value = Number(amount.replace(',', '.'));
    if (!amount || !Number.isFinite(value) || value < method.amountMin || value > method.amountMax) {
      setError(
        t('wallet.pay.amountRange', {
          min: money(method.amountMin, account.currency),
          max: money(method.amountMax, account.currency),
        }),
      );
      return;
    }
    setError(undefined);
    const invalid = invalidFieldsOf(t, method, fields);
    setFieldErrors(invalid);
    if (Object.keys(invalid).length) return;
    const here = `${window.location.pathname}`;
    // The provider's page opens in a new tab: opened now, while the click still counts, or a popup blocker stops it.
    const tab = method.processingType === 'form' ? window.open('', '_blank') : null;
    create.mutate(
      {
        method: method.method,
        currency: account.currency,
        amount: value,
        accountId: account.id,
        ...(method.fields.length ? { fields } : {}),
        ...(offerList.length ? (bonus === NO_BONUS ? { isBonusDecline: true } : { bonusId: bonus }) : {}),
        redirectSuccessUrl: `${here}?deposit-success=true`,
        redirectErrorUrl: `${here}?deposit-error=true`,
        redirectUrl: `${here}?deposit-redirect=true`,
      },
      {
        onSuccess: (answer) => {
          if (tab && answer.action) tab.location.href = new URL(answer.action, window.location.origin).toString();
          setResult({
            ...answer,
            amount: value,
            opened: !!tab,
            bonus: offerList.find((o) => o.id === bonus && bonus !== NO_BONUS)?.name,
          });
        },
        onError: (failure) => {
          tab?.close();
          const server = isApiError(failure) ? failure.fields : {};
          setFieldErrors(
            Object.fromEntries(Object.entries(server).map(([k, v]) => [k.replace(/^fields\./, ''), v[0] ?? ''])),
          );
          setError(
            server.amount?.[0] ??
              (Object.keys(server).length ? undefined : (depositLimitText(t, money, failure) ?? failure.message)),
          );
        },
      },
    );
  };
  return { create, error, fields, setFields, fieldErrors, result, setResult, submit };
}

/** The methods could not be loaded: a deposit limit reached says which, and links to the limits. */
function MethodsFailed({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const money = useMoney();
  const limited = isApiError(error) && error.code === ErrorCode.depositLimitReached;
  // The server's own text is English: the limit's figures are said in the page language instead.
  const limitText = isApiError(error) && error.limit ? depositLimitText(t, money, error) : null;
  return (
    <div role="alert" className="rounded-xl border border-warn/40 bg-warn/10 p-4 text-sm text-fg">
      <p className="font-semibold">{limited ? t('wallet.pay.limitReached') : t('wallet.pay.methodsFailed')}</p>
      {limitText && <p className="mt-1 text-muted">{limitText}</p>}
      {limited && (
        <LocaleLink to="/profile/limits" className="mt-2 inline-block font-semibold text-accent hover:underline">
          {t('wallet.pay.reviewLimits')}
        </LocaleLink>
      )}
    </div>
  );
}

/** The method's own fields (a CPF, a phone number), each labelled and hinted in the page language. */
function MethodFields(props: {
  method: PaymentMethod;
  fields: Record<string, string>;
  fieldErrors: Record<string, string>;
  onChange: (key: string, value: string) => void;
}) {
  const { i18n } = useTranslation();
  return props.method.fields.map((field) => (
    <TextField
      key={field.key}
      label={field.labels[i18n.language] ?? field.labels.en ?? field.key}
      hint={field.hints[i18n.language] ?? field.hints.en}
      inputMode={field.fieldType === 'cpf' ? 'numeric' : undefined}
      value={props.fields[field.key] ?? ''}
      onChange={(e) => props.onChange(field.key, e.target.value)}
      error={props.fieldErrors[field.key] || undefined}
      autoComplete="off"
    />
  ));
}

/** Deposit into the active account: method, amount (presets, bounds), then the provider's step. */
/** `codeField`: the bonus code to type for this deposit, composed in by the app (the bonuses feature's). */
export function DepositForm({ account, codeField }: { account: Account; codeField?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const { methods, list, method, amount, setAmount, chooseMethod, offerList, typedValue, bonus, setBonusChoice } =
    useDepositChoices(account);
  const request = useDepositRequest(account);
  const modal = useModal();
  useEffect(() => {
    track('payment_open', { type: 'deposit' });
  }, []);

  if (methods.isPending) return <Spinner label={t('wallet.pay.loadingMethods')} />;
  if (methods.isError) return <MethodsFailed error={methods.error} />;
  if (!method) return <p className="text-sm text-muted">{t('wallet.pay.noMethods', { code: account.currency })}</p>;
  const result = request.result;
  if (result)
    return (
      <DepositStep
        result={result}
        currency={account.currency}
        onDone={() => request.setResult(undefined)}
        onCancel={() => modal.open('cancel-deposit', result.invoiceId)}
      />
    );
  const picker = (
    <MethodPicker
      legend={t('wallet.pay.method')}
      methods={list}
      value={method.method}
      onChange={chooseMethod}
      language={i18n.language}
    />
  );
  if (method.type === 'address') {
    return (
      <div className="flex flex-col gap-5">
        {list.length > 1 && picker}
        <CryptoDeposit key={method.method} account={account} method={method} />
      </div>
    );
  }

  const submit = (event: FormEvent) => request.submit(event, { method, amount, bonus, offerList });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      {picker}
      <AmountField
        method={method}
        currency={account.currency}
        value={amount}
        onChange={setAmount}
        error={request.error}
      />
      {offerList.length > 0 && (
        <DepositBonusPicker
          offers={offerList}
          currency={account.currency}
          amount={typedValue}
          value={bonus}
          onChange={setBonusChoice}
        />
      )}
      {codeField && <Suspense fallback={null}>{codeField}</Suspense>}
      <MethodFields
        method={method}
        fields={request.fields}
        fieldErrors={request.fieldErrors}
        onChange={(key, value) => request.setFields((prev) => ({ ...prev, [key]: value }))}
      />
      <Button type="submit" loading={request.create.isPending} block>
        {t('wallet.pay.depositSubmit', { sum: amount ? money(typedValue || 0, account.currency) : '' })}
      </Button>
      <p className="text-xs text-muted">
        {t(DEPOSIT_NOTES[method.processingType], { method: methodName(method, i18n.language) })}
      </p>
    </form>
  );
}
