import {
  DateField,
  Datagrid,
  FunctionField,
  List,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useRedirect,
  type RaRecord,
} from 'react-admin';
import { Box } from '@mui/material';
import { command } from '../http.ts';
import { DecideButton } from './decide.tsx';

/** The identity documents waiting for review, oldest first. */
export const DocumentList = () => (
  <List title="Identity documents to review" sort={{ field: 'createdAt', order: 'ASC' }} exporter={false}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <DateField source="createdAt" label="Uploaded" showTime />
      <TextField source="player" />
      <TextField source="typeName" label="Type" />
      <TextField source="fileName" label="File" />
      <NumberField source="size" label="Bytes" />
    </Datagrid>
  </List>
);

type Decide = (record: RaRecord, reason: string | null) => Promise<string>;

const approve: Decide = async (record) => {
  await command('documents', { action: 'approve', id: record.id });
  return 'Document approved: the player can now withdraw';
};
const reject: Decide = async (record, reason) => {
  await command('documents', { action: 'reject', id: record.id, reason: reason ?? undefined });
  return 'Document rejected: the player sees why';
};

function Decisions() {
  const record = useRecordContext();
  const redirect = useRedirect();
  if (!record) return null;
  const then =
    (run: Decide): Decide =>
    async (r, reason) => {
      const message = await run(r, reason);
      redirect('list', 'documents');
      return message;
    };
  return (
    <TopToolbar>
      <DecideButton record={record} resource="documents" label="Approve" run={then(approve)} />
      <DecideButton
        record={record}
        resource="documents"
        label="Reject"
        color="error"
        reason="Why (the player reads this)"
        run={then(reject)}
      />
    </TopToolbar>
  );
}

/** The file as the player sent it (its reading is recorded in the audit trail). */
function Viewer() {
  const record = useRecordContext();
  if (!record) return null;
  const src = `/api/admin/documents/${record.id}/file`;
  return record.mimeType === 'application/pdf' ? (
    <a href={src} download>
      Download the PDF ({record.fileName})
    </a>
  ) : (
    <Box
      component="img"
      src={src}
      alt={`${record.typeName} of ${record.player}`}
      sx={{ maxWidth: '100%', maxHeight: 600 }}
    />
  );
}

export const DocumentShow = () => (
  <Show title="Review a document" actions={<Decisions />}>
    <SimpleShowLayout>
      <TextField source="player" />
      <TextField source="typeName" label="Type" />
      <DateField source="createdAt" label="Uploaded" showTime />
      <FunctionField label="File" render={() => <Viewer />} />
    </SimpleShowLayout>
  </Show>
);
