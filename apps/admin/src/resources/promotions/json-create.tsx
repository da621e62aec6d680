import { SimpleForm, TextInput, Title, required, useNotify, useRedirect } from 'react-admin';
import { Box, Card, Typography } from '@mui/material';
import { command } from '../../http.ts';
import { fieldLines } from '../server-fields.ts';

/** The editor's own check: JSON, and an object. */
const isJsonObject = (value: string) => {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? undefined : 'A JSON object { … }';
  } catch (error) {
    return `Not JSON: ${(error as Error).message}`;
  }
};

/**
 * A create page for what the CLI reads from a JSON file (a quest, a tournament): the same JSON in an
 * editor, sent as `<route> {action: 'create', <key>: …}`; the server's refusals are listed under the
 * editor by path (`tasks.0.name: …`).
 */
export function JsonCreate(props: {
  title: string;
  route: string;
  bodyKey: string;
  list: string;
  template: unknown;
  help: string;
}) {
  const notify = useNotify();
  const redirect = useRedirect();
  const save = async (values: Record<string, unknown>) => {
    try {
      const parsed: unknown = JSON.parse(String(values.json));
      const answer = await command<{ message: string }>(props.route, { action: 'create', [props.bodyKey]: parsed });
      notify(answer.data.message, { type: 'info' });
      redirect('list', props.list);
      return undefined;
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      const lines = fieldLines(error, `${props.bodyKey}.`);
      return { json: lines.length ? lines.join('; ') : (error as Error).message };
    }
  };
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={props.title} />
      <Card>
        <SimpleForm onSubmit={save} defaultValues={{ json: JSON.stringify(props.template, null, 2) }}>
          <Typography variant="body2">{props.help}</Typography>
          <TextInput
            source="json"
            label="JSON"
            multiline
            minRows={16}
            fullWidth
            validate={[required(), isJsonObject]}
            slotProps={{ htmlInput: { maxLength: 100_000, spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
        </SimpleForm>
      </Card>
    </Box>
  );
}
