import {
  BooleanField,
  Create,
  Datagrid,
  FunctionField,
  List,
  NumberInput,
  ReferenceInput,
  required,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  type RaRecord,
} from 'react-admin';
import { BONUS_CODE_PATTERN } from '@casino/contracts';

/** The codes players type, with their uses and limits. */
export const BonusCodeList = () => (
  <List title="Bonus codes" exporter={false} sort={{ field: 'code', order: 'ASC' }}>
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="code" />
      <TextField source="definition" label="Bonus" />
      <FunctionField label="Used" render={(r: RaRecord) => `${r.uses}${r.maxUses === null ? '' : ` / ${r.maxUses}`}`} />
      <TextField source="maxUsesPerPlayer" label="Per player" />
      <BooleanField source="enabled" />
    </Datagrid>
  </List>
);

/** Empty fields are left out (the server's defaults: unlimited uses, one per player). */
const withoutBlanks = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null && value !== '' && value !== undefined));

const codeFormat = (value: string) =>
  BONUS_CODE_PATTERN.test(value.trim().toUpperCase()) ? undefined : 'Letters and digits, as players will type it';

/** A new code for a bonus definition: checked by the same rules as `ops bonus code create`. */
export const BonusCodeCreate = () => (
  <Create title="New bonus code" redirect="list" transform={withoutBlanks}>
    <SimpleForm>
      <TextInput source="code" validate={[required(), codeFormat]} helperText="What players type, e.g. WELCOME50" />
      <ReferenceInput source="definition" reference="bonus-definitions">
        <SelectInput optionText="name" label="Bonus" validate={required()} />
      </ReferenceInput>
      <NumberInput source="maxUses" label="Uses in total" min={1} helperText="Empty: unlimited" />
      <NumberInput source="maxUsesPerPlayer" label="Uses per player" min={1} helperText="Empty: once" />
    </SimpleForm>
  </Create>
);
