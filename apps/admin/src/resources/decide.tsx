import { useState } from 'react';
import { Button, useCanAccess, useNotify, useRefresh, type RaRecord } from 'react-admin';
import { Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';

/**
 * A decision button on a row (approve, decline…), shown only when the role may write the resource —
 * the server refuses it anyway. `reason`: ask for the reason first (the player reads it).
 */
export function DecideButton(props: {
  record: RaRecord;
  resource: string;
  label: string;
  run: (record: RaRecord, reason: string | null) => Promise<string>;
  reason?: string;
  color?: 'primary' | 'error';
}) {
  const { canAccess } = useCanAccess({ action: 'write', resource: props.resource });
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!canAccess) return null;
  const go = async (reason: string | null) => {
    setBusy(true);
    try {
      notify(await props.run(props.record, reason), { type: 'info' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <>
      <Button
        label={props.label}
        color={props.color ?? 'primary'}
        disabled={busy}
        onClick={(event) => {
          event.stopPropagation();
          if (props.reason) setAsking(true);
          else void go(null);
        }}
      />
      {props.reason && (
        <Dialog open={asking} onClose={() => setAsking(false)} onClick={(e) => e.stopPropagation()}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void go(String(new FormData(event.currentTarget).get('reason') ?? '').trim());
            }}
          >
            <DialogTitle>{props.label}</DialogTitle>
            <DialogContent>
              <TextField
                name="reason"
                label={props.reason}
                required
                fullWidth
                multiline
                minRows={2}
                sx={{ mt: 1 }}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            </DialogContent>
            <DialogActions>
              <Button label="Cancel" onClick={() => setAsking(false)} />
              <Button
                label={props.label}
                type="submit"
                variant="contained"
                color={props.color ?? 'primary'}
                disabled={busy}
              />
            </DialogActions>
          </form>
        </Dialog>
      )}
    </>
  );
}
