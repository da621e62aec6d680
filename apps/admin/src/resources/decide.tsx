import { useState } from 'react';
import { Button, useCanAccess, type RaRecord } from 'react-admin';
import { useNoticedRun } from './action-button.tsx';
import { Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';

type Choices = { label: string; values: readonly string[] };

/** The dialog that asks the reason (and a choice, when there is one) before a decision runs. */
function ReasonDialog(props: {
  open: boolean;
  title: string;
  reason: string;
  choices?: Choices | undefined;
  color: 'primary' | 'error';
  busy: boolean;
  onClose: () => void;
  onSubmit: (reason: string, choice: string | undefined) => void;
}) {
  return (
    <Dialog open={props.open} onClose={props.onClose} onClick={(e) => e.stopPropagation()}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const choice = form.get('choice');
          props.onSubmit(String(form.get('reason') ?? '').trim(), choice === null ? undefined : String(choice));
        }}
      >
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent>
          {props.choices && (
            <TextField
              select
              name="choice"
              label={props.choices.label}
              required
              fullWidth
              defaultValue={props.choices.values[0]}
              sx={{ mt: 1 }}
            >
              {props.choices.values.map((value) => (
                <MenuItem key={value} value={value}>
                  {value}
                </MenuItem>
              ))}
            </TextField>
          )}
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
          <Button label="Cancel" onClick={props.onClose} />
          <Button label={props.title} type="submit" variant="contained" color={props.color} disabled={props.busy} />
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * A decision button on a row (approve, decline…), shown only when the role may write the resource —
 * the server refuses it anyway. `reason`: ask for the reason first (the player reads it); `choices`:
 * and a choice with it (a new role).
 */
export function DecideButton(props: {
  record: RaRecord;
  resource: string;
  label: string;
  run: (record: RaRecord, reason: string | null, choice?: string) => Promise<string>;
  reason?: string;
  choices?: Choices;
  color?: 'primary' | 'error';
}) {
  const { canAccess } = useCanAccess({ action: 'write', resource: props.resource });
  const [asking, setAsking] = useState(false);
  const { busy, runNoticed } = useNoticedRun();
  if (!canAccess) return null;
  const go = (reason: string | null, choice?: string) =>
    runNoticed(() => props.run(props.record, reason, choice)).finally(() => setAsking(false));
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
        <ReasonDialog
          open={asking}
          title={props.label}
          reason={props.reason}
          choices={props.choices}
          color={props.color ?? 'primary'}
          busy={busy}
          onClose={() => setAsking(false)}
          onSubmit={(reason, choice) => void go(reason, choice)}
        />
      )}
    </>
  );
}
