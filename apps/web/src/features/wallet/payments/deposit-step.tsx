import { LocaleLink } from '@/shared/i18n';
import { useEffect, useId } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { DepositResult, Invoice } from '@casino/contracts';
import { Button } from '@/shared/ui/button.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { failureReasonOf, useInvoice } from '../api/payments.ts';
import { refreshAccounts } from '../accounts-cache.ts';
import { useMoney } from '@/shared/lib/use-money.ts';
import '../i18n/index.ts';
import { CopyValue, QrCode } from './qr-code.tsx';
import { markDepositOpen } from './abandon.ts';
import { OutcomePanel } from './outcome-panel.tsx';
import { refreshDepositBonuses } from '../api/deposit-bonuses.ts';

/** A created deposit as the form keeps it: the provider's answer, the amount, and what the form added. */
export type DepositStepResult = DepositResult & { amount: number; opened?: boolean; bonus?: string };

type Transfer = NonNullable<DepositResult['transfer']>;

/** After the invoice exists: the provider's page, the transfer instructions, then the outcome. */
export function DepositStep({
  result,
  currency,
  onDone,
  onCancel,
}: {
  result: DepositStepResult;
  currency: string;
  onDone: () => void;
  /** Leaving a step that is still open asks first (`cancel-deposit`). */
  onCancel: () => void;
}) {
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

  if (status === 2) return <DepositSucceeded headingId={headingId} sum={sum} bonus={result.bonus} onDone={onDone} />;
  if (status === 3) return <DepositFailed headingId={headingId} sum={sum} invoice={invoice.data!} onDone={onDone} />;
  if (result.type === 'iframe' && result.action)
    return <CardFrameStep action={result.action} sum={sum} onCancel={onCancel} />;
  if (result.type === 'form' && result.action)
    return (
      <ProviderTabStep
        headingId={headingId}
        action={result.action}
        opened={result.opened}
        sum={sum}
        onCancel={onCancel}
      />
    );
  // PIX issues its code a moment later: it comes by push, or by the poll if the push is missed.
  if (result.type === 'qr' || result.type === 'asyncRedirect')
    return (
      <QrStep headingId={headingId} code={result.qr ?? invoice.data?.publicData?.qr} sum={sum} onCancel={onCancel} />
    );
  const transfer = result.transfer;
  if (transfer) return <TransferStep headingId={headingId} transfer={transfer} onDone={onDone} />;
  return <PendingStep headingId={headingId} result={result} onDone={onDone} />;
}

/** The deposit is paid: the sum, the bonus it issued, and another deposit. */
function DepositSucceeded(props: { headingId: string; sum: string; bonus?: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <OutcomePanel
      headingId={props.headingId}
      tone="success"
      title={t('wallet.pay.depositSuccess')}
      text={t('wallet.pay.depositSuccessText', { sum: props.sum })}
    >
      {props.bonus && (
        <p className="mt-2 text-sm text-fg">
          {t('wallet.depositBonus.issued', { name: props.bonus })}{' '}
          <LocaleLink to="/bonuses" className="font-semibold text-accent underline">
            {t('wallet.depositBonus.toBonuses')}
          </LocaleLink>
        </p>
      )}
      <Button className="mt-4" variant="secondary" onClick={props.onDone}>
        {t('wallet.pay.again')}
      </Button>
    </OutcomePanel>
  );
}

/** The deposit failed: the provider's reason when it gave one we know, and another try. */
function DepositFailed(props: { headingId: string; sum: string; invoice: Invoice; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const { sum } = props;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(props.invoice.createdAt),
  );
  // The provider's reason, when it gave one we know: why it failed and what to do.
  const reason = failureReasonOf(props.invoice);
  return (
    <OutcomePanel
      headingId={props.headingId}
      tone="failure"
      title={reason ? t(`wallet.pay.failure.${reason}.title`) : t('wallet.pay.depositFailed')}
      text={reason ? t(`wallet.pay.failure.${reason}.text`, { sum }) : t('wallet.pay.depositFailedText', { sum, date })}
    >
      <Button className="mt-4" onClick={props.onDone}>
        {t('wallet.pay.tryAgain')}
      </Button>
    </OutcomePanel>
  );
}

/** The provider's card page, framed here while the deposit waits for it. */
function CardFrameStep(props: { action: string; sum: string; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <p aria-live="polite" className="flex items-center gap-2 text-sm text-muted">
        <Spinner /> {t('wallet.pay.waitingCard', { sum: props.sum })}
      </p>
      {/* The provider's page runs in an opaque origin (no allow-same-origin): away from our storage and
          cookies. Scripts are allowed, as a real provider's card and 3-D Secure pages need them. */}
      <iframe
        title={t('wallet.pay.cardFrame')}
        src={props.action}
        sandbox="allow-forms allow-scripts"
        className="h-[520px] w-full rounded-xl border border-line bg-white"
      />
      <Button variant="ghost" onClick={props.onCancel}>
        {t('wallet.pay.cancel')}
      </Button>
    </div>
  );
}

/** The provider's page in another tab: a link to it when the tab could not be opened. */
function ProviderTabStep(props: {
  headingId: string;
  action: string;
  opened?: boolean;
  sum: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={props.headingId} className="rounded-xl border border-line bg-raised p-5">
      <h3 id={props.headingId} className="text-lg font-semibold text-fg">
        {t('wallet.pay.finishInTab')}
      </h3>
      <p className="mt-1 text-sm text-muted" aria-live="polite">
        {t('wallet.pay.waitingCard', { sum: props.sum })}
      </p>
      {!props.opened && (
        <a
          href={props.action}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-3 inline-block font-semibold text-accent underline"
        >
          {t('wallet.pay.openProvider')}
        </a>
      )}
      <Button className="mt-4 block" variant="ghost" onClick={props.onCancel}>
        {t('wallet.pay.cancel')}
      </Button>
    </section>
  );
}

/** A code to scan or copy (PIX and the like); a spinner until the provider has issued it. */
function QrStep(props: { headingId: string; code: string | undefined; sum: string; onCancel: () => void }) {
  const { t } = useTranslation();
  const { code, sum } = props;
  const link = code?.startsWith('/') ? new URL(code, window.location.origin).toString() : code;
  return (
    <section aria-labelledby={props.headingId} className="rounded-xl border border-line bg-raised p-5">
      <h3 id={props.headingId} className="text-lg font-semibold text-fg">
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
      <Button className="mt-4" variant="ghost" onClick={props.onCancel}>
        {t('wallet.pay.cancel')}
      </Button>
    </section>
  );
}

/** Bank transfer instructions: what the player's bank asks for, with the reference to quote. */
function TransferStep(props: { headingId: string; transfer: Transfer; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const { transfer } = props;
  const until = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(transfer.expiresAt));
  return (
    <section aria-labelledby={props.headingId} className="rounded-xl border border-line bg-raised p-5">
      <h3 id={props.headingId} className="text-lg font-semibold text-fg">
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
      <Button className="mt-4" variant="secondary" onClick={props.onDone}>
        {t('wallet.pay.done')}
      </Button>
    </section>
  );
}

/** Any other step: the provider's message, and the IBAN to pay to when it gave one. */
function PendingStep(props: { headingId: string; result: DepositStepResult; onDone: () => void }) {
  const { t } = useTranslation();
  const { result } = props;
  return (
    <section aria-labelledby={props.headingId} className="rounded-xl border border-line bg-raised p-5">
      <h3 id={props.headingId} className="text-lg font-semibold text-fg">
        {t('wallet.pay.depositPending')}
      </h3>
      <p className="mt-2 text-sm text-fg">{result.message}</p>
      {result.address && (
        <p className="mt-3 font-mono text-sm">
          <span className="text-muted">IBAN </span>
          {result.address}
        </p>
      )}
      <Button className="mt-4" variant="secondary" onClick={props.onDone}>
        {t('wallet.pay.done')}
      </Button>
    </section>
  );
}
