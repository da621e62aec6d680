import { useState } from 'react';
import { Title, useCanAccess } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { toMinor } from '@casino/contracts';
import { command } from '../../http.ts';
import { CommandDialog } from '../command-dialog.tsx';
import { useAdminData } from '../server-fields.ts';
import { EditLevels, Ladder, LevelsTable, type Level } from './loyalty-levels.tsx';

type Rate = { gameType: string; points: number; perMinor: number; perAmount: string; currency: string };

/** The levels: their table, the ladder as players climb it, and the editor. */
function Levels() {
  const { data, error, reload } = useAdminData<Level[]>('/loyalty/levels');
  return (
    <Card component="section" aria-labelledby="levels-title">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography id="levels-title" component="h2" variant="h6">
            Levels
          </Typography>
          {data && <EditLevels levels={data} onDone={reload} />}
        </Box>
        {error && <Alert severity="error">{error}</Alert>}
        {data?.length === 0 && <Typography>No levels yet: the programme is not running.</Typography>}
        {data && data.length > 0 && (
          <>
            <LevelsTable levels={data} />
            <Typography component="h3" variant="subtitle2">
              The ladder players climb
            </Typography>
            <Ladder levels={data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Sets one game type's rate: `points` for every `per` EUR staked (0 points: none). */
function SetRate({ onDone }: { onDone: () => void }) {
  const { canAccess } = useCanAccess({ action: 'write', resource: 'loyalty' });
  const [open, setOpen] = useState(false);
  if (!canAccess) return null;
  const run = async (values: Record<string, string>) => {
    const perMinor = toMinor(values.per ?? '', 100);
    const answer = await command<{ message: string }>('loyalty', {
      action: 'rates-set',
      gameType: values.gameType,
      points: Number(values.points),
      perMinor: perMinor === null ? -1 : Number(perMinor),
    });
    return answer.data.message;
  };
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Set a rate
      </Button>
      <CommandDialog
        title="Set an earning rate"
        open={open}
        onClose={() => setOpen(false)}
        onDone={onDone}
        run={run}
        rename={(key) => (key === 'perMinor' ? 'per' : null)}
        fields={[
          {
            name: 'gameType',
            label: 'Game type',
            helperText: 'e.g. slots, crash, dice, roulette',
            maxLength: 40,
          },
          {
            name: 'points',
            label: 'Points',
            inputMode: 'numeric',
            pattern: '\\d+',
            helperText: '0: this type earns nothing',
          },
          {
            name: 'per',
            label: 'Per EUR staked',
            inputMode: 'decimal',
            pattern: '\\d+(\\.\\d{1,2})?',
            defaultValue: '10',
          },
        ]}
      />
    </>
  );
}

/** The earning rates per game type. */
function Rates() {
  const { data, error, reload } = useAdminData<Rate[]>('/loyalty/rates');
  return (
    <Card component="section" aria-labelledby="rates-title">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography id="rates-title" component="h2" variant="h6">
            Earning rates
          </Typography>
          <SetRate onDone={reload} />
        </Box>
        {error && <Alert severity="error">{error}</Alert>}
        {data?.length === 0 && <Typography>No rates: no game type earns points.</Typography>}
        {data && data.length > 0 && (
          <Table size="small" aria-labelledby="rates-title">
            <TableHead>
              <TableRow>
                <TableCell>Game type</TableCell>
                <TableCell align="right">Points</TableCell>
                <TableCell align="right">Per amount staked</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((rate) => (
                <TableRow key={rate.gameType}>
                  <TableCell>{rate.gameType}</TableCell>
                  <TableCell align="right">{rate.points}</TableCell>
                  <TableCell align="right">
                    {rate.perAmount} {rate.currency}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** Loyalty: the levels (with the ladder players climb) and what earns points. */
export const LoyaltyPage = () => (
  <Box sx={{ display: 'grid', gap: 2, mt: 1 }}>
    <Title title="Loyalty" />
    <Levels />
    <Rates />
  </Box>
);
