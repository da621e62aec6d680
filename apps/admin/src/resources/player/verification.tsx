import { DOCUMENT_TYPES, type AdminPlayerDocuments } from '@casino/contracts';
import { Box, Link, Typography } from '@mui/material';
import { PartTable, usePlayerPart, when } from './kit.tsx';

const STATUS: Record<number, string> = { 1: 'waiting for review', 2: 'approved', 3: 'rejected' };

/** The document's file, opened in a new tab (the server records the read). */
const fileLink = (d: AdminPlayerDocuments['documents'][number]) => (
  <Link href={`/api/admin/documents/${d.id}/file`} target="_blank" rel="noreferrer">
    {d.fileName}
  </Link>
);

/** The player's documents in every state (each file opens from here, and that read is audited) and their verification. */
export function Verification() {
  const [part] = usePlayerPart<AdminPlayerDocuments>('documents');
  const state = part?.verification;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>
        Identity verification: <strong>{state?.status ?? '—'}</strong>
        {state?.reason ? ` (${state.reason})` : ''}
        {state?.reviewedAt ? `, reviewed ${when(state.reviewedAt)}` : ''}
      </Typography>
      <PartTable
        label="Documents"
        rows={part?.documents}
        rowKey={(d) => d.id}
        empty="No documents uploaded."
        columns={[
          { label: 'Uploaded', cell: (d) => when(d.createdAt) },
          { label: 'Kind', cell: (d) => DOCUMENT_TYPES.find((t) => t.id === d.type)?.name ?? d.type },
          { label: 'File', cell: fileLink },
          { label: 'State', cell: (d) => STATUS[d.status] ?? d.status },
          { label: 'Reason', cell: (d) => d.reason ?? '' },
        ]}
      />
    </Box>
  );
}
