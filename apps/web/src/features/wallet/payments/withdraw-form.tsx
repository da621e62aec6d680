import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { TFunction } from '@/shared/i18n/translator.ts';
import { ErrorCode, type Account, type PaymentMethod, type WithdrawResult } from '@casino/contracts';
import { LocaleLink } from '@/shared/i18n';
import { track } from '@/shared/lib/analytics.ts';
import { isApiError } from '@/shared/lib/http.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { useModal } from '@/shared/modals/index.ts';
import { TextField } from '@/shared/ui/text-field.tsx';
import { useCreateWithdrawal, useMethods, useTurnover } from '../api/payments.ts';
import { useMoney } from '@/shared/lib/use-money.ts';
import '../i18n/index.ts';
import { AmountField, MethodPicker } from './payment-parts.tsx';
import { OutcomePanel } from './outcome-panel.tsx';

/** What is wrong with the withdrawal: an amount out of bounds or over the balance, a field missing or malformed. */
function withdrawErrorsOf(
  t: TFunction,
  money: (amount: number, code: string) => string,
  {
    method,
    account,
    amount,
    fields,
  }: { method: PaymentMethod; account: Account; amount: string; fields: Record<string, string> },
) {
  const value = Number(amount.replace(',', '.'));
  const next: Record<string, string> = {};
  const ceiling = Math.min(method.amountMax, account.withdrawalBalance);
  if (!amount || !Number.isFinite(value) || value < method.amountMin || value > ceiling) {
    next.amount =
      account.withdrawalBalance < method.amountMin
        ? t('wallet.pay.notEnough', { min: money(method.amountMin, account.currency) })
        : t('wallet.pay.amountRange', {
            min: money(method.amountMin, account.currency),
            max: money(ceiling, account.currency),
          });
  }
  for (const field of method.fields) {
    const typed = (fields[field.key] ?? '').replace(/\s+/g, '');
    if (!typed && field.isRequired) next[field.key] = t('wallet.pay.required');
    else if (typed && !new RegExp(field.regexp).test(typed)) next[field.key] = t('wallet.pay.invalid');
  }
  return next;
}

/** Requesting the withdrawal: checked here first, then the request or the server's refusal. */
function useWithdrawRequest(account: Account) {
  const { t } = useTranslation();
  const money = useMoney();
  const create = useCreateWithdrawal();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<WithdrawResult>();
  // The operator's rule wants a verified identity first (13102): said with the way to the verification tab.
  const [mustVerify, setMustVerify] = useState(false);
  const verifyNotice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (mustVerify) verifyNotice.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [mustVerify]);

  const submit = (event: FormEvent, method: PaymentMethod, amount: string) => {
    event.preventDefault();
    const value = Number(amount.replace(',', '.'));
    const next = withdrawErrorsOf(t, money, { method, account, amount, fields });
    setErrors(next);
    setMustVerify(false);
    if (Object.keys(next).length) return;
    create.mutate(
      { method: method.method, currency: account.currency, amount: value, accountId: account.id, fields },
      {
        onSuccess: setResult,
        onError: (failure) => {
          if (isApiError(failure) && failure.code === ErrorCode.verificationRequired) return setMustVerify(true);
          const server = isApiError(failure) ? failure.fields : {};
          setErrors({
            amount: server.amount?.[0] ?? (Object.keys(server).length ? '' : failure.message),
            ...Object.fromEntries(Object.entries(server).map(([k, v]) => [k.replace(/^fields\./, ''), v[0] ?? ''])),
          });
        },
      },
    );
  };
  return { create, fields, setFields, errors, result, setResult, mustVerify, verifyNotice, submit };
}

/** The withdrawal is requested: the way to the transactions, or another withdrawal. */
function WithdrawRequested(props: { headingId: string; onShowTransactions: () => void; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <OutcomePanel
      headingId={props.headingId}
      tone="success"
      title={t('wallet.pay.withdrawRequested')}
      text={t('wallet.pay.withdrawRequestedText')}
    >
      <div className="mt-4 flex gap-2">
        <Button variant="secondary" onClick={props.onShowTransactions}>
          {t('wallet.pay.showTransactions')}
        </Button>
        <Button variant="ghost" onClick={props.onAgain}>
          {t('wallet.pay.again')}
        </Button>
      </div>
    </OutcomePanel>
  );
}

/** The method's own fields (an IBAN, a wallet address), each labelled and hinted in the page language. */
function WithdrawMethodFields(props: {
  method: PaymentMethod;
  fields: Record<string, string>;
  errors: Record<string, string>;
  onChange: (key: string, value: string) => void;
}) {
  const language = useTranslation().i18n.language;
  return props.method.fields.map((field) => (
    <TextField
      key={field.key}
      label={field.labels[language] ?? field.labels.en ?? field.key}
      hint={field.hints[language] ?? field.hints.en}
      value={props.fields[field.key] ?? ''}
      onChange={(e) => props.onChange(field.key, e.target.value)}
      error={props.errors[field.key] || undefined}
      autoComplete="off"
      spellCheck={false}
    />
  ));
}

/** Refused until the player's identity is verified: why, with the way to the verification tab. */
function VerifyFirstNotice({ ref }: { ref: Ref<HTMLDivElement> }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      // Below the form's fields on a phone: brought into view, so the refusal is not missed.
      ref={ref}
      className="rounded-xl border border-warn/40 bg-warn/10 p-4 text-sm text-fg"
    >
      <p className="font-semibold">{t('wallet.pay.verifyFirst')}</p>
      <p className="mt-1 text-muted">{t('wallet.pay.verifyFirstText')}</p>
      <LocaleLink to="/profile/verification" className="mt-2 inline-block font-semibold text-accent hover:underline">
        {t('wallet.pay.verifyLink')}
      </LocaleLink>
    </div>
  );
}

/** Withdraw real money from the active account; the turnover notice replaces the form while wagering is due. */
export function WithdrawForm({ account, onShowTransactions }: { account: Account; onShowTransactions: () => void }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const methods = useMethods('withdrawal', account.currency);
  const turnover = useTurnover(account.currency);
  const [chosen, setChosen] = useState<string>();
  const [amount, setAmount] = useState('');
  const { create, fields, setFields, errors, result, setResult, mustVerify, verifyNotice, submit } =
    useWithdrawRequest(account);
  const headingId = useId();
  const modal = useModal();
  useEffect(() => {
    track('payment_open', { type: 'withdrawal' });
  }, []);
  // While deposits still have to be wagered, the turn-over-wager modal stands in for the wallet.
  const gate = turnover.data;
  const gated = !!gate?.enabled && account.withdrawalBalance > 0 && gate.turnOverWagerAmount > 0;
  useEffect(() => {
    if (gated) modal.replace('wallet', 'turn-over-wager');
  }, [gated, modal]);

  if (methods.isPending || turnover.isPending) return <Spinner label={t('wallet.pay.loadingMethods')} />;
  if (gated) return <Spinner label={t('wallet.pay.loadingMethods')} />;
  const list = methods.data ?? [];
  const method: PaymentMethod | undefined = list.find((m) => m.method === chosen) ?? list[0];
  if (!method)
    return <p className="text-sm text-muted">{t('wallet.pay.noWithdrawMethods', { code: account.currency })}</p>;
  if (result) {
    return (
      <WithdrawRequested
        headingId={headingId}
        onShowTransactions={onShowTransactions}
        onAgain={() => setResult(undefined)}
      />
    );
  }

  return (
    <form onSubmit={(event) => submit(event, method, amount)} noValidate className="flex flex-col gap-5">
      <p className="text-sm text-muted">
        {t('wallet.pay.withdrawable', { sum: money(account.withdrawalBalance, account.currency) })}
      </p>
      <MethodPicker
        legend={t('wallet.pay.method')}
        methods={list}
        value={method.method}
        onChange={(m) => {
          setChosen(m);
          track('payment_method_select', { method_name: m });
        }}
        language={i18n.language}
      />
      <AmountField
        method={method}
        currency={account.currency}
        value={amount}
        onChange={setAmount}
        error={errors.amount || undefined}
        max={account.withdrawalBalance}
      />
      <WithdrawMethodFields
        method={method}
        fields={fields}
        errors={errors}
        onChange={(key, value) => setFields((prev) => ({ ...prev, [key]: value }))}
      />
      {mustVerify && <VerifyFirstNotice ref={verifyNotice} />}
      <Button type="submit" loading={create.isPending} block>
        {t('wallet.pay.withdrawSubmit')}
      </Button>
    </form>
  );
}
