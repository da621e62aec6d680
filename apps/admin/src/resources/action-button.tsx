import { useState } from 'react';
import { Button, Confirm, useCanAccess, useNotify, useRefresh } from 'react-admin';

/**
 * Runs a staff action: its answer, or its refusal, as a notice; after a success `onDone` (default: the
 * list read again). `busy` while it runs.
 */
export function useNoticedRun() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const runNoticed = async (work: () => Promise<string>, onDone?: () => void) => {
    setBusy(true);
    try {
      notify(await work(), { type: 'info' });
      (onDone ?? refresh)();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, runNoticed };
}

/**
 * A button that runs a command (enable, start now, void…), shown only when the role may write the
 * resource (the server refuses it anyway); with `confirm`, after a dialog saying what it will do. The
 * answer, or the refusal, is shown as a notice; `onDone` (default: refresh the list) follows a success.
 */
export function ActionButton(props: {
  resource: string;
  label: string;
  run: () => Promise<string>;
  confirm?: string;
  color?: 'primary' | 'error';
  disabled?: boolean;
  onDone?: () => void;
}) {
  const { canAccess } = useCanAccess({ action: 'write', resource: props.resource });
  const [asking, setAsking] = useState(false);
  const { busy, runNoticed } = useNoticedRun();
  if (!canAccess) return null;
  const go = () => runNoticed(props.run, props.onDone).finally(() => setAsking(false));
  return (
    <>
      <Button
        label={props.label}
        color={props.color ?? 'primary'}
        disabled={busy || props.disabled}
        onClick={(event) => {
          event.stopPropagation();
          if (props.confirm) setAsking(true);
          else void go();
        }}
      />
      {props.confirm && (
        <Confirm
          isOpen={asking}
          loading={busy}
          title={props.label}
          content={props.confirm}
          confirm={props.label}
          confirmColor={props.color === 'error' ? 'warning' : 'primary'}
          onConfirm={() => void go()}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}
