import { useState, type FormEvent, type ReactNode } from 'react';
import { useNotify } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';

/** A form in a dialog: its fields, its button, and what it runs; the answer is shown as a notice. */
export function ActionDialog(props: {
  title: string;
  open: boolean;
  onClose: () => void;
  run: (form: FormData) => Promise<string>;
  children: ReactNode;
}) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      notify(await props.run(new FormData(event.currentTarget)), { type: 'info' });
      props.onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={props.open} onClose={props.onClose}>
      <form onSubmit={submit}>
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important', minWidth: 400 }}>
          {props.children}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {props.title}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
