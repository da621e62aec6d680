import { LocaleLink } from '@/shared/i18n';
import { Suspense, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { TFunction } from '@/shared/i18n/translator.ts';
import { ErrorCode, isValidCpf, type Account, type DepositResult, type PaymentMethod } from '@casino/contracts';
import { track } from '@/shared/lib/analytics.ts';
import { isApiError } from '@/shared/lib/http.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { failureReasonOf, useCreateDeposit, useInvoice, useMethods } from '../api/payments.ts';
import { refreshAccounts } from '../accounts-cache.ts';
import { useMoney } from '@/shared/lib/use-money.ts';
import '../i18n/index.ts';
import { AmountField, MethodPicker, methodName } from './payment-parts.tsx';
import { CryptoDeposit } from './crypto-deposit.tsx';
import { CopyValue, QrCode } from './qr-code.tsx';
import { markDepositOpen, onDepositAbandoned } from './abandon.ts';
import { useModal } from '@/shared/modals/index.ts';
import { TextField } from '@/shared/ui/text-field.tsx';
import { OutcomePanel } from './outcome-panel.tsx';
import { refreshDepositBonuses, useBonusDeclineDefault, useDepositBonuses } from '../api/deposit-bonuses.ts';
import { DepositBonusPicker, NO_BONUS } from './deposit-bonus-picker.tsx';
import { refusalOf } from './deposit-bonus.ts';
import { clearDepositPrefill, readDepositPrefill } from './deposit-prefill.ts';

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

/** Deposit into the active account: method, amount (presets, bounds), then the provider's step. */
/** `codeField`: the bonus code to type for this deposit, composed in by the app (the bonuses feature's). */
export function DepositForm({ account, codeField }: { account: Account; codeField?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const methods = useMethods('deposit', account.currency);
  const create = useCreateDeposit();
  const [chosen, setChosen] = useState<string>();
  // A deposit the welcome package sent the player to: its bonus and minimum amount, taken once.
  const [prefill] = useState(readDepositPrefill);
  useEffect(() => clearDepositPrefill(), []);
  // null: not typed yet, so the method's default preset shows.
  const [typed, setAmount] = useState<string | null>(prefill ? String(prefill.amount) : null);
  const offers = useDepositBonuses(account.currency);
  const declineDefault = useBonusDeclineDefault().data ?? false;
  const [bonusChoice, setBonusChoice] = useState<string | undefined>(prefill?.bonusId);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<DepositResult & { amount: number; opened?: boolean; bonus?: string }>();
  const modal = useModal();
  useEffect(() => onDepositAbandoned((id) => setResult((open) => (open?.invoiceId === id ? undefined : open))), []);

  const list = methods.data ?? [];
  const method: PaymentMethod | undefined = list.find((m) => m.method === chosen) ?? list[0];
  useEffect(() => {
    track('payment_open', { type: 'deposit' });
  }, []);
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

  if (methods.isPending) return <Spinner label={t('wallet.pay.loadingMethods')} />;
  if (methods.isError) {
    const limited = isApiError(methods.error) && methods.error.code === ErrorCode.depositLimitReached;
    // The server's own text is English: the limit's figures are said in the page language instead.
    const limitText =
      isApiError(methods.error) && methods.error.limit ? depositLimitText(t, money, methods.error) : null;
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
  if (!method) return <p className="text-sm text-muted">{t('wallet.pay.noMethods', { code: account.currency })}</p>;
  if (result)
    return (
      <DepositStep
        result={result}
        currency={account.currency}
        onDone={() => setResult(undefined)}
        onCancel={() => modal.open('cancel-deposit', result.invoiceId)}
      />
    );
  const picker = (
    <MethodPicker
      legend={t('wallet.pay.method')}
      methods={list}
      value={method.method}
      onChange={(m) => {
        setChosen(m);
        setAmount(null);
        track('payment_method_select', { method_name: m });
      }}
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

  const submit = (event: FormEvent) => {
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

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      {picker}
      <AmountField method={method} currency={account.currency} value={amount} onChange={setAmount} error={error} />
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
      {method.fields.map((field) => (
        <TextField
          key={field.key}
          label={field.labels[i18n.language] ?? field.labels.en ?? field.key}
          hint={field.hints[i18n.language] ?? field.hints.en}
          inputMode={field.fieldType === 'cpf' ? 'numeric' : undefined}
          value={fields[field.key] ?? ''}
          onChange={(e) => setFields((prev) => ({ ...prev, [field.key]: e.target.value }))}
          error={fieldErrors[field.key] || undefined}
          autoComplete="off"
        />
      ))}
      <Button type="submit" loading={create.isPending} block>
        {t('wallet.pay.depositSubmit', {
          sum: amount ? money(Number(amount.replace(',', '.')) || 0, account.currency) : '',
        })}
      </Button>
      <p className="text-xs text-muted">
        {t(DEPOSIT_NOTES[method.processingType], { method: methodName(method, i18n.language) })}
      </p>
    </form>
  );
}

/** After the invoice exists: the provider's page, the transfer instructions, then the outcome. */
function DepositStep({
  result,
  currency,
  onDone,
  onCancel,
}: {
  result: DepositResult & { amount: number; opened?: boolean; bonus?: string };
  currency: string;
  onDone: () => void;
  /** Leaving a step that is still open asks first (`cancel-deposit`). */
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const invoice = useInvoice(result.invoiceId);
  const headingId = useId();
  const status = invoice.data?.status ?? 1;
  const sum = money(result.amount, currency);
  useEffect(() => {
    if (status !== 2) return;
    void refreshAccounts();
    void refreshDepositBonuses();
  }, [status]);
  // While it waits, this step is one the cancel-deposit modal may leave.
  const waiting = status !== 2 && status !== 3;
  useEffect(() => (waiting ? markDepositOpen(result.invoiceId) : undefined), [waiting, result.invoiceId]);

  if (status === 2) {
    return (
      <OutcomePanel
        headingId={headingId}
        tone="success"
        title={t('wallet.pay.depositSuccess')}
        text={t('wallet.pay.depositSuccessText', { sum })}
      >
        {result.bonus && (
          <p className="mt-2 text-sm text-fg">
            {t('wallet.depositBonus.issued', { name: result.bonus })}{' '}
            <LocaleLink to="/bonuses" className="font-semibold text-accent underline">
              {t('wallet.depositBonus.toBonuses')}
            </LocaleLink>
          </p>
        )}
        <Button className="mt-4" variant="secondary" onClick={onDone}>
          {t('wallet.pay.again')}
        </Button>
      </OutcomePanel>
    );
  }
  if (status === 3) {
    const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(invoice.data!.createdAt),
    );
    // The provider's reason, when it gave one we know: why it failed and what to do.
    const reason = failureReasonOf(invoice.data!);
    return (
      <OutcomePanel
        headingId={headingId}
        tone="failure"
        title={reason ? t(`wallet.pay.failure.${reason}.title`) : t('wallet.pay.depositFailed')}
        text={
          reason ? t(`wallet.pay.failure.${reason}.text`, { sum }) : t('wallet.pay.depositFailedText', { sum, date })
        }
      >
        <Button className="mt-4" onClick={onDone}>
          {t('wallet.pay.tryAgain')}
        </Button>
      </OutcomePanel>
    );
  }
  if (result.type === 'iframe' && result.action) {
    return (
      <div className="flex flex-col gap-3">
        <p aria-live="polite" className="flex items-center gap-2 text-sm text-muted">
          <Spinner /> {t('wallet.pay.waitingCard', { sum })}
        </p>
        {/* The provider's page runs in an opaque origin (no allow-same-origin): away from our storage and
            cookies. Scripts are allowed, as a real provider's card and 3-D Secure pages need them. */}
        <iframe
          title={t('wallet.pay.cardFrame')}
          src={result.action}
          sandbox="allow-forms allow-scripts"
          className="h-[520px] w-full rounded-xl border border-line bg-white"
        />
        <Button variant="ghost" onClick={onCancel}>
          {t('wallet.pay.cancel')}
        </Button>
      </div>
    );
  }
  if (result.type === 'form' && result.action) {
    return (
      <section aria-labelledby={headingId} className="rounded-xl border border-line bg-raised p-5">
        <h3 id={headingId} className="text-lg font-semibold text-fg">
          {t('wallet.pay.finishInTab')}
        </h3>
        <p className="mt-1 text-sm text-muted" aria-live="polite">
          {t('wallet.pay.waitingCard', { sum })}
        </p>
        {!result.opened && (
          <a
            href={result.action}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-block font-semibold text-accent underline"
          >
            {t('wallet.pay.openProvider')}
          </a>
        )}
        <Button className="mt-4 block" variant="ghost" onClick={onCancel}>
          {t('wallet.pay.cancel')}
        </Button>
      </section>
    );
  }
  if (result.type === 'qr' || result.type === 'asyncRedirect') {
    // PIX issues its code a moment later: it comes by push, or by the poll if the push is missed.
    const code = result.qr ?? invoice.data?.publicData?.qr;
    const link = code?.startsWith('/') ? new URL(code, window.location.origin).toString() : code;
    return (
      <section aria-labelledby={headingId} className="rounded-xl border border-line bg-raised p-5">
        <h3 id={headingId} className="text-lg font-semibold text-fg">
          {code ? t('wallet.pay.scanTitle', { sum }) : t('wallet.pay.awaitingCode')}
        </h3>
        {!link ? (
          <p className="mt-2 flex items-center gap-2 text-sm text-muted" aria-live="polite">
            <Spinner /> {t('wallet.pay.awaitingCodeText')}
          </p>
        ) : (
          <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start">
            <QrCode value={link} label={t('wallet.pay.paymentQr')} />
            <div className="flex min-w-0 flex-1 flex-col gap-3">
              <CopyValue label={t('wallet.pay.paymentCode')} value={link} />
              <p className="text-xs text-muted" aria-live="polite">
                {t('wallet.pay.waitingCard', { sum })}
              </p>
              <a
                href={link}
                target="_blank"
                rel="noopener noreferrer"
                className="text-sm font-semibold text-accent underline"
              >
                {t('wallet.pay.openProvider')}
              </a>
            </div>
          </div>
        )}
        <Button className="mt-4" variant="ghost" onClick={onCancel}>
          {t('wallet.pay.cancel')}
        </Button>
      </section>
    );
  }
  const transfer = result.transfer;
  if (transfer) {
    const until = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(transfer.expiresAt));
    return (
      <section aria-labelledby={headingId} className="rounded-xl border border-line bg-raised p-5">
        <h3 id={headingId} className="text-lg font-semibold text-fg">
          {t('wallet.pay.transferTitle', { sum: money(transfer.amount, transfer.currency) })}
        </h3>
        <p className="mt-1 text-sm text-muted">{t('wallet.pay.transferText', { date: until })}</p>
        <div className="mt-4 flex flex-col gap-3">
          <CopyValue label={t('wallet.pay.transferBeneficiary')} value={transfer.beneficiary} />
          <CopyValue label="IBAN" value={transfer.iban} />
          <CopyValue label="BIC" value={transfer.bic} />
          <p className="text-sm">
            <span className="font-medium text-fg">{t('wallet.pay.transferBank')}</span>{' '}
            <span className="text-muted">{transfer.bank}</span>
          </p>
          <p className="text-sm">
            <span className="font-medium text-fg">{t('wallet.pay.transferAmount')}</span>{' '}
            <span className="text-muted">{money(transfer.amount, transfer.currency)}</span>
          </p>
          <CopyValue label={t('wallet.pay.transferReference')} value={transfer.reference} />
          <p className="text-sm text-warn">{t('wallet.pay.transferReferenceNote')}</p>
          <span data-testid="transfer-reference" hidden>
            {transfer.reference}
          </span>
        </div>
        <Button className="mt-4" variant="secondary" onClick={onDone}>
          {t('wallet.pay.done')}
        </Button>
      </section>
    );
  }
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-line bg-raised p-5">
      <h3 id={headingId} className="text-lg font-semibold text-fg">
        {t('wallet.pay.depositPending')}
      </h3>
      <p className="mt-2 text-sm text-fg">{result.message}</p>
      {result.address && (
        <p className="mt-3 font-mono text-sm">
          <span className="text-muted">IBAN </span>
          {result.address}
        </p>
      )}
      <Button className="mt-4" variant="secondary" onClick={onDone}>
        {t('wallet.pay.done')}
      </Button>
    </section>
  );
}
