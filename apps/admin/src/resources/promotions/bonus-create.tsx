import {
  ArrayInput,
  BooleanInput,
  FormDataConsumer,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Title,
  maxValue,
  minValue,
  required,
  useNotify,
  useRedirect,
} from 'react-admin';
import { Box, Card, Typography } from '@mui/material';
import { command } from '../../http.ts';
import { fieldLines, serverFields } from '../server-fields.ts';
import { BonusPreview } from './bonus-preview.tsx';
import { CURRENCY_CHOICES, definitionOf, formFieldOf, previewOf, type BonusForm } from './bonus-form.ts';

const KINDS = [
  { id: 'cash', name: 'Cash bonus' },
  { id: 'freespins', name: 'Free spins' },
  { id: 'cashback', name: 'Cashback' },
];
const amount = { slotProps: { htmlInput: { inputMode: 'decimal' as const, maxLength: 30 } } };

/** Sends the form as `bonus create`; answers the form's errors (its own, else the server's, field by field). */
function useCreateDefinition() {
  const notify = useNotify();
  const redirect = useRedirect();
  return async (form: BonusForm) => {
    const built = definitionOf(form);
    if ('errors' in built) return built.errors;
    try {
      const answer = await command<{ message: string }>('bonus', { action: 'create', definition: built.definition });
      notify(answer.data.message, { type: 'info' });
      redirect(
        form.kind === 'cashback' ? '/cashback' : form.kind === 'freespins' ? '/free-spins' : '/bonus-definitions',
      );
      return undefined;
    } catch (error) {
      // The notice lists every refusal too: one may name no field of the form (a strict body's extra key).
      notify([(error as Error).message, ...fieldLines(error, 'definition.')].join(' — '), {
        type: 'error',
        multiLine: true,
      });
      return serverFields(error, formFieldOf(form));
    }
  };
}

/** The amounts per currency (major units), with the stake caps and, for free spins, the stake of a spin. */
const CurrencyRows = () => (
  <ArrayInput source="currencies" label="Currencies (major units, e.g. 10 or 12.50)" validate={required()}>
    <SimpleFormIterator inline disableReordering>
      <SelectInput source="currency" choices={CURRENCY_CHOICES} validate={required()} />
      <TextInput source="amount" label="Amount" helperText="0 for free spins, cashback" {...amount} />
      <TextInput source="maxBet" label="Max bet" helperText="Empty: no cap" {...amount} />
      <TextInput source="maxConversion" label="Max conversion" helperText="Empty: all of it" {...amount} />
      <FormDataConsumer>
        {({ formData }) =>
          formData.kind === 'freespins' ? (
            <TextInput source="spinStake" label="Stake per spin" validate={required()} {...amount} />
          ) : null
        }
      </FormDataConsumer>
    </SimpleFormIterator>
  </ArrayInput>
);

/** The kind's own fields: the spins' game and count, or the cashback's share and period. */
const KindFields = () => (
  <FormDataConsumer<BonusForm>>
    {({ formData }) =>
      formData.kind === 'freespins' ? (
        <Box sx={{ display: 'flex', gap: 2 }}>
          <TextInput
            source="spinGame"
            label="Game (identity or id)"
            validate={required()}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <NumberInput source="spinCount" label="Spins" validate={[required(), minValue(1), maxValue(10_000)]} />
        </Box>
      ) : formData.kind === 'cashback' ? (
        <Box sx={{ display: 'flex', gap: 2 }}>
          <NumberInput
            source="cashbackPercentage"
            label="Share of net losses (%)"
            validate={[required(), minValue(1), maxValue(100)]}
          />
          <SelectInput
            source="cashbackPeriod"
            label="Period"
            choices={[
              { id: 'week', name: 'Weekly' },
              { id: 'day', name: 'Daily' },
            ]}
          />
        </Box>
      ) : null
    }
  </FormDataConsumer>
);

/**
 * A new bonus definition (cash, free spins or cashback), sent as the `bonus` command checks it, with
 * what a player will see beside it as it is typed.
 */
export function BonusDefinitionCreate() {
  const save = useCreateDefinition();
  return (
    <Box sx={{ mt: 1 }}>
      <Title title="New bonus" />
      <Card>
        <SimpleForm
          onSubmit={(values: Record<string, unknown>) => save(values as BonusForm)}
          defaultValues={{
            kind: 'cash',
            currencies: [{ currency: 'EUR', amount: '' }],
            wagerMultiplier: 10,
            activationDays: 30,
            wageringDays: 30,
            onePerPerson: false,
            cashbackPeriod: 'week',
          }}
        >
          <TextInput
            source="name"
            label="Name (players read it)"
            validate={required()}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
          <RadioButtonGroupInput source="kind" label="Kind" choices={KINDS} />
          <CurrencyRows />
          <KindFields />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <NumberInput
              source="wagerMultiplier"
              label="Wagering multiplier"
              validate={[required(), minValue(0), maxValue(100)]}
              helperText="Capped by the operator's maximum when issued"
            />
            <NumberInput
              source="activationDays"
              label="Days to activate"
              validate={[required(), minValue(1), maxValue(365)]}
            />
            <NumberInput
              source="wageringDays"
              label="Days to wager"
              validate={[required(), minValue(1), maxValue(365)]}
            />
          </Box>
          <BooleanInput source="onePerPerson" label="One per person (linked accounts count as one)" />
          <Typography variant="body2" color="text.secondary">
            Stakes count toward wagering by game type (slots 100%, crash 100%, dice 50%, roulette 10%).
          </Typography>
          <FormDataConsumer<BonusForm>>
            {({ formData }) => <BonusPreview definition={previewOf(formData)} />}
          </FormDataConsumer>
        </SimpleForm>
      </Card>
    </Box>
  );
}
