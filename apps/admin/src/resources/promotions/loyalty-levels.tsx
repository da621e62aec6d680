import { useState } from 'react';
import {
  ArrayInput,
  FormDataConsumer,
  NumberInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  minValue,
  required,
  useCanAccess,
  useNotify,
} from 'react-admin';
import {
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { command } from '../../http.ts';
import { serverFields } from '../server-fields.ts';

export type Level = {
  id?: string;
  position?: number;
  name: string;
  points: number;
  rewardBonus?: string | null;
  players?: number;
};

/** The levels as they are, one row each. */
export const LevelsTable = ({ levels }: { levels: Level[] }) => (
  <Table size="small" aria-label="Levels">
    <TableHead>
      <TableRow>
        <TableCell>#</TableCell>
        <TableCell>Name</TableCell>
        <TableCell align="right">From points</TableCell>
        <TableCell>Reward bonus</TableCell>
        <TableCell align="right">Players there</TableCell>
      </TableRow>
    </TableHead>
    <TableBody>
      {levels.map((level) => (
        <TableRow key={level.name}>
          <TableCell>{level.position}</TableCell>
          <TableCell>{level.name}</TableCell>
          <TableCell align="right">{level.points.toLocaleString('en')}</TableCell>
          <TableCell>{level.rewardBonus ?? '—'}</TableCell>
          <TableCell align="right">{level.players ?? 0}</TableCell>
        </TableRow>
      ))}
    </TableBody>
  </Table>
);

/** The ladder a player climbs: each level from its points, its reward, and (when known) who is there. */
export function Ladder({ levels }: { levels: Level[] }) {
  const top = Math.max(1, ...levels.map((l) => Number(l.points) || 0));
  return (
    <Box component="ol" aria-label="Ladder preview" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {levels.map((level, i) => (
        <Box
          component="li"
          key={`${i}-${level.name}`}
          sx={{ display: 'grid', gridTemplateColumns: '2rem 10rem 1fr', gap: 1, alignItems: 'center' }}
        >
          <Typography variant="body2" color="text.secondary">
            {i + 1}.
          </Typography>
          <Typography variant="body2">
            <strong>{level.name || '…'}</strong> from {Number(level.points || 0).toLocaleString('en')} pts
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box
              aria-hidden
              sx={{
                height: 10,
                borderRadius: 5,
                bgcolor: 'primary.main',
                width: `${Math.max(2, ((Number(level.points) || 0) / top) * 100)}%`,
              }}
            />
            <Typography variant="caption" sx={{ whiteSpace: 'nowrap' }}>
              {level.rewardBonus ? `reward "${level.rewardBonus}"` : ''}
              {level.players !== undefined ? ` · ${level.players} players` : ''}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** Sets every level at once (`loyalty levels set`): the server's errors land on the rows (`levels.1.points`). */
export function EditLevels({ levels, onDone }: { levels: Level[]; onDone: () => void }) {
  const { canAccess } = useCanAccess({ action: 'write', resource: 'loyalty' });
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  if (!canAccess) return null;
  const save = async (values: Record<string, unknown>) => {
    const rows = (values.levels as Level[] | undefined) ?? [];
    const body = rows.map((l) => ({
      name: l.name,
      points: Number(l.points),
      ...(l.rewardBonus ? { rewardBonus: l.rewardBonus } : {}),
    }));
    try {
      notify((await command<{ message: string }>('loyalty', { action: 'levels-set', levels: body })).data.message, {
        type: 'info',
      });
      setOpen(false);
      onDone();
      return undefined;
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      return serverFields(error);
    }
  };
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Edit levels
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" fullWidth>
        <DialogTitle>Loyalty levels</DialogTitle>
        <DialogContent>
          <Typography variant="body2">
            In order, the first at 0 points, each above the one before. A level keeps its players by its name; a reward
            names a bonus definition, paid once per player.
          </Typography>
          <SimpleForm
            onSubmit={save}
            defaultValues={{
              levels: levels.map(({ name, points, rewardBonus }) => ({ name, points, rewardBonus: rewardBonus ?? '' })),
            }}
          >
            <ArrayInput source="levels" label="Levels" validate={required()}>
              <SimpleFormIterator inline>
                <TextInput source="name" validate={required()} slotProps={{ htmlInput: { maxLength: 60 } }} />
                <NumberInput source="points" validate={[required(), minValue(0)]} />
                <TextInput
                  source="rewardBonus"
                  label="Reward bonus"
                  helperText="Empty: none"
                  slotProps={{ htmlInput: { maxLength: 120 } }}
                />
              </SimpleFormIterator>
            </ArrayInput>
            <FormDataConsumer>
              {({ formData }) => <Ladder levels={(formData.levels as Level[] | undefined) ?? []} />}
            </FormDataConsumer>
          </SimpleForm>
        </DialogContent>
      </Dialog>
    </>
  );
}
