import { useState, type FormEvent } from 'react';
import { useCanAccess, useNotify, useRecordContext } from 'react-admin';
import { Box, Button, TextField as Field } from '@mui/material';
import type { AdminNote } from '@casino/contracts';
import { api } from '../../http.ts';
import { PartTable, usePlayerPart, when } from './kit.tsx';

/** Staff notes on the player (never shown to them); those who act on players add one. */
export function Notes() {
  const record = useRecordContext();
  const notify = useNotify();
  const { canAccess: mayWrite } = useCanAccess({ action: 'write', resource: 'players' });
  const [notes, load] = usePlayerPart<AdminNote[]>('notes');
  const [busy, setBusy] = useState(false);
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    try {
      await api(`/players/${record?.id}/notes`, {
        method: 'POST',
        body: { text: String(new FormData(form).get('text')) },
      });
      form.reset();
      load();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {mayWrite && (
        <Box component="form" onSubmit={add} sx={{ display: 'grid', gap: 1, maxWidth: 640 }}>
          <Field
            name="text"
            label="New note"
            required
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              Add note
            </Button>
          </Box>
        </Box>
      )}
      <PartTable
        label="Notes"
        rows={notes}
        rowKey={(n) => n.id}
        empty="No notes yet."
        columns={[
          { label: 'When', cell: (n) => when(n.createdAt) },
          { label: 'Who', cell: (n) => n.author },
          { label: 'Note', cell: (n) => n.text },
        ]}
      />
    </Box>
  );
}
