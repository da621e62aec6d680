import { useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { serverFields } from './server-fields.ts';

/** One field of a command dialog; its server errors are those under `name` (or what `serverKey` names). */
export type DialogField = {
  name: string;
  label: string;
  defaultValue?: string;
  options?: { value: string; label: string }[];
  helperText?: string;
  maxLength?: number;
  pattern?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
  type?: 'number' | 'text';
};

/** One field, with its server error under it (else its help). */
const DialogInput = ({ field, error }: { field: DialogField; error: string | undefined }) => (
  <TextField
    name={field.name}
    label={field.label}
    defaultValue={field.defaultValue ?? (field.options ? field.options[0]?.value : '')}
    select={Boolean(field.options)}
    required
    type={field.type ?? 'text'}
    error={Boolean(error)}
    helperText={error ?? field.helperText}
    slotProps={{
      htmlInput: {
        maxLength: field.maxLength ?? 100,
        ...(field.pattern ? { pattern: field.pattern } : {}),
        ...(field.inputMode ? { inputMode: field.inputMode } : {}),
      },
    }}
  >
    {field.options?.map((option) => (
      <MenuItem key={option.value} value={option.value}>
        {option.label}
      </MenuItem>
    ))}
  </TextField>
);

/**
 * A small form in a dialog that runs one command: its fields, its button, the server's answer as a
 * notice and its field errors under the fields (the dialog stays open until the command succeeds).
 */
export function CommandDialog(props: {
  title: string;
  open: boolean;
  onClose: () => void;
  fields: DialogField[];
  run: (values: Record<string, string>) => Promise<string>;
  onDone?: () => void;
  /** What the button says, when not the title. */
  submit?: string;
  intro?: string;
  /** The dialog's field of a server field error, where the names differ (`perMinor` → `per`). */
  rename?: (key: string) => string | null;
}) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const close = () => {
    setErrors({});
    props.onClose();
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = Object.fromEntries(
      [...new FormData(event.currentTarget).entries()].map(([key, value]) => [key, String(value).trim()]),
    );
    setBusy(true);
    try {
      notify(await props.run(values), { type: 'info' });
      props.onDone?.();
      close();
    } catch (error) {
      setErrors(serverFields(error, props.rename));
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={props.open} onClose={close}>
      <form onSubmit={submit}>
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important', minWidth: 380 }}>
          {props.intro}
          {props.fields.map((field) => (
            <DialogInput key={field.name} field={field} error={errors[field.name]} />
          ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {props.submit ?? props.title}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
