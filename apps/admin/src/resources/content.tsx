import {
  Create,
  Datagrid,
  DateField,
  Edit,
  FormDataConsumer,
  FunctionField,
  List,
  maxLength,
  NumberInput,
  regex,
  required,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  useCanAccess,
  type RaRecord,
} from 'react-admin';
import { Box, Typography } from '@mui/material';
import { LOCALES } from '@casino/contracts';
import { ContentPreview } from './content-preview.tsx';

/** The areas of content, as staff call them. */
export const AREA_NAMES: Record<string, string> = {
  static: 'Static page',
  question: 'Help-centre question',
  bonus: 'Bonus page',
};
const AREA_CHOICES = Object.entries(AREA_NAMES).map(([id, name]) => ({ id, name }));
const LOCALE_CHOICES = LOCALES.map((l) => ({ id: l.code, name: `${l.name} (${l.code})` }));

const filters = [
  <TextInput key="q" source="q" label="Search" alwaysOn resettable />,
  <SelectInput key="area" source="area" label="Kind" choices={AREA_CHOICES} alwaysOn />,
  <SelectInput key="locale" source="locale" label="Locale" choices={LOCALE_CHOICES} alwaysOn />,
];

/** Every page of every locale: static pages, help-centre questions, bonus pages. */
export function ContentList() {
  const { canAccess: mayEdit } = useCanAccess({ action: 'edit', resource: 'content' });
  return (
    <List title="Content" filters={filters} exporter={false} sort={{ field: 'id', order: 'ASC' }} perPage={50}>
      <Datagrid bulkActionButtons={false} rowClick={mayEdit ? 'edit' : false}>
        <FunctionField label="Kind" sortBy="area" render={(r: RaRecord) => AREA_NAMES[r.area] ?? r.area} />
        <TextField source="identity" />
        <TextField source="locale" />
        <TextField source="title" />
        <TextField source="category" emptyText="—" />
        <DateField source="updatedAt" label="Updated" showTime />
      </Datagrid>
    </List>
  );
}

const oneLine = regex(/^[^\n\r]*$/, 'One line');
const slug = regex(/^[a-z0-9-]*$/, 'Lowercase letters, digits and dashes');

const MARKDOWN_HELP =
  '# Heading, **bold**, *italic*, <u>underline</u>, ~~strike~~, `code`, [link](/static/terms), ' +
  '![image](/images/x.png), "- " lists, "> " quotes. Other HTML is shown as text.';

/** Title, description, category and position, as in a file's front matter. */
function PageFields() {
  return (
    <Box sx={{ display: 'grid', gap: 0, gridTemplateColumns: { md: '2fr 2fr 1fr 1fr' }, columnGap: 2, width: '100%' }}>
      <TextInput source="title" validate={[required(), maxLength(200), oneLine]} />
      <TextInput source="description" validate={[maxLength(500), oneLine]} helperText="For search engines" />
      <TextInput
        source="category"
        validate={[maxLength(50), slug]}
        helperText="Questions: account, payments, limits, games, bonuses"
      />
      <NumberInput source="position" helperText="Lower first" min={-100000} max={100000} step={1} />
    </Box>
  );
}

/** The Markdown beside the page as players will see it. */
function BodyWithPreview() {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { lg: '1fr 1fr' }, width: '100%', alignItems: 'start' }}>
      <TextInput
        source="markdown"
        label="Body (Markdown)"
        multiline
        minRows={18}
        validate={[required(), maxLength(50_000)]}
        helperText={MARKDOWN_HELP}
        sx={{ '& textarea': { fontFamily: 'monospace', fontSize: 14 } }}
      />
      <FormDataConsumer>
        {({ formData }) => <ContentPreview markdown={typeof formData.markdown === 'string' ? formData.markdown : ''} />}
      </FormDataConsumer>
    </Box>
  );
}

const PageHeading = () => (
  <FunctionField
    render={(r: RaRecord) => (
      <Typography component="h2" variant="subtitle1">
        {AREA_NAMES[r.area] ?? r.area} <strong>{r.identity}</strong> in {r.locale}
      </Typography>
    )}
  />
);

/**
 * One page of one locale: players get the change at once (browsers and CDNs may keep the old one up to
 * five minutes). Refused when someone else saved the page since it was opened.
 */
export const ContentEdit = () => (
  <Edit title="Edit content" mutationMode="pessimistic" redirect={false}>
    <SimpleForm>
      <PageHeading />
      <PageFields />
      <BodyWithPreview />
    </SimpleForm>
  </Edit>
);

/** A new page, or a page's translation into another locale (same kind and identity). */
export const ContentCreate = () => (
  <Create title="New content" redirect="edit">
    <SimpleForm defaultValues={{ area: 'static', locale: 'en', markdown: '' }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 2fr 1fr' }, columnGap: 2, width: '100%' }}>
        <SelectInput source="area" label="Kind" choices={AREA_CHOICES} validate={required()} />
        <TextInput
          source="identity"
          validate={[required(), maxLength(100), regex(/^[a-z0-9-]+$/, 'Lowercase letters, digits and dashes')]}
          helperText="Its address: /static/<identity>, /questions/<identity>, /bonus/<identity>"
        />
        <SelectInput source="locale" choices={LOCALE_CHOICES} validate={required()} />
      </Box>
      <PageFields />
      <BodyWithPreview />
    </SimpleForm>
  </Create>
);
