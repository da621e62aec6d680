import { useRef, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { ErrorCode, type CloseAccountBody, type ClosureOpen } from '@casino/contracts';
import { api, endingSessionHere, isApiError, localisedHomePath } from '@/shared/lib/http.ts';
import { navigateTo } from '@/shared/lib/navigation.ts';
import { expectSessionEnd } from '@/shared/lib/socket.ts';
import { Button } from '@/shared/ui/button.tsx';
import { PasswordField } from '@/shared/ui/password-field.tsx';
import { failureText, FormFailure } from './form-failure.tsx';
import { signedOutByServer } from './session.ts';
import './i18n/index.ts';

// A plain call, not a mutation: the sign-out it causes clears the query client, mutations included.
const closeAccount = (body: CloseAccountBody) => api<{ ok: true }>('POST', '/api/player/close', { body });

/** The order the dialog lists what is still open in. */
const OPEN_KINDS = [
  'sportsBets',
  'casinoRounds',
  'deposits',
  'withdrawals',
] as const satisfies readonly (keyof ClosureOpen)[];

/** Closing the account: the dialog's state, the password's confirmation, and leaving once it is closed. */
function useCloseAccount() {
  const { t } = useTranslation();
  const undoCalls = useRef<() => void>(undefined);
  const [pending, setPending] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [password, setPassword] = useState('');
  // Closed on the server: the dialog says so, and the tab signs out when the player leaves it (signing
  // out at once would race this player-only page's own "sign in" redirect).
  const [closed, setClosed] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Refused because something is still open: what, to list it.
  const [open, setOpenItems] = useState<ClosureOpen | null>(null);
  const [passwordError, setPasswordError] = useState<string | undefined>();

  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setOpenItems(null);
    setPasswordError(undefined);
    setPending(true);
    // The server closes this tab's push connection before it answers: expected here, not "ended elsewhere".
    const undoSocket = expectSessionEnd();
    undoCalls.current = endingSessionHere();
    const undo = () => {
      undoSocket();
      undoCalls.current?.();
    };
    try {
      await closeAccount(password ? { password } : {});
      setClosed(true);
    } catch (error) {
      undo();
      if (isApiError(error) && error.status === 422 && error.fields?.password)
        return setPasswordError(t('auth.close.wrongPassword'));
      if (isApiError(error) && error.code === ErrorCode.conflict && error.open) return setOpenItems(error.open);
      if (isApiError(error) && error.code === ErrorCode.conflict) return setFailure(t('auth.close.withdrawFirst'));
      setFailure(failureText(t, error));
    } finally {
      setPending(false);
    }
  };

  const leave = () => {
    // Home first: on this player-only page a signed-out visitor would be sent to sign in.
    navigateTo(localisedHomePath());
    signedOutByServer();
    undoCalls.current?.();
  };

  // Opening or closing the dialog starts it afresh; closing it once the account is closed leaves.
  const onOpenChange = (next: boolean) => {
    if (!next && closed) return leave();
    setDialogOpen(next);
    setFailure(null);
    setOpenItems(null);
    setPasswordError(undefined);
    setPassword('');
  };
  return {
    pending,
    dialogOpen,
    password,
    setPassword,
    closed,
    failure,
    open,
    passwordError,
    confirm,
    leave,
    onOpenChange,
  };
}

/** Refused while something is still open: what, kind by kind. */
function OpenItems({ open }: { open: ClosureOpen }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm text-fg">
      <p className="font-medium">{t('auth.close.openTitle')}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {OPEN_KINDS.filter((kind) => open[kind] > 0).map((kind) => (
          <li key={kind}>{t(`auth.close.openItems.${kind}`, { count: open[kind] })}</li>
        ))}
      </ul>
    </div>
  );
}

/** The dialog before closing: what closing means, and the password that confirms it. */
function ConfirmClosing({ closing }: { closing: ReturnType<typeof useCloseAccount> }) {
  const { t } = useTranslation();
  return (
    <>
      <Dialog.Title className="text-xl font-semibold text-fg">{t('auth.close.dialogTitle')}</Dialog.Title>
      <Dialog.Description className="mt-2 text-sm text-muted">{t('auth.close.dialogText')}</Dialog.Description>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-fg">
        <li>{t('auth.close.pointBalance')}</li>
        <li>{t('auth.close.pointSessions')}</li>
        <li>{t('auth.close.pointSignIn')}</li>
        <li>{t('auth.close.pointRecords')}</li>
      </ul>
      <form onSubmit={closing.confirm} noValidate className="mt-5 flex flex-col gap-4">
        <FormFailure message={closing.failure} />
        {closing.open && <OpenItems open={closing.open} />}
        <PasswordField
          label={t('auth.password.current')}
          hint={t('auth.close.passwordHint')}
          autoComplete="current-password"
          value={closing.password}
          error={closing.passwordError}
          onChange={(e) => closing.setPassword(e.target.value)}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Dialog.Close asChild>
            <Button variant="secondary">{t('auth.close.cancel')}</Button>
          </Dialog.Close>
          <Button type="submit" loading={closing.pending}>
            {t('auth.close.confirm')}
          </Button>
        </div>
      </form>
    </>
  );
}

/**
 * The profile's "Close account" section: a dialog says what closing means, the password confirms
 * it. Refused while something can still move money — the dialog lists it (open sports bets, unfinished
 * game rounds, unpaid deposits, withdrawals on their way) — or real money is on the account (the player
 * withdraws first).
 */
export function CloseAccount() {
  const { t } = useTranslation();
  const closing = useCloseAccount();
  return (
    <section aria-labelledby="close-account-title" className="rounded-3xl border border-line bg-surface p-6 sm:p-8">
      <h3 id="close-account-title" className="text-lg font-semibold text-fg">
        {t('auth.close.title')}
      </h3>
      <p className="mt-1 max-w-prose text-sm text-muted">{t('auth.close.text')}</p>
      <Dialog.Root open={closing.dialogOpen} onOpenChange={closing.onOpenChange}>
        <Dialog.Trigger asChild>
          <Button variant="secondary" className="mt-5">
            {t('auth.close.open')}
          </Button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-[2000] bg-black/70" />
          <Dialog.Content className="fixed left-1/2 top-1/2 z-[2001] max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface p-5 shadow-card sm:p-6">
            {closing.closed ? (
              <>
                <Dialog.Title className="text-xl font-semibold text-fg">{t('auth.close.done')}</Dialog.Title>
                <Dialog.Description className="mt-2 text-sm text-muted">{t('auth.close.doneText')}</Dialog.Description>
                <Button className="mt-5" block onClick={closing.leave}>
                  {t('auth.close.leave')}
                </Button>
              </>
            ) : (
              <ConfirmClosing closing={closing} />
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}
