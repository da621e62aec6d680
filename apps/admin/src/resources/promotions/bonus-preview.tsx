import { useState } from 'react';
import { Box, Card, CardContent, Chip, MenuItem, TextField, Typography } from '@mui/material';
import type { BonusDefinition } from './bonus-types.ts';

type Previewed = Pick<
  BonusDefinition,
  | 'name'
  | 'type'
  | 'amounts'
  | 'depositPercentage'
  | 'maxAmounts'
  | 'maxBet'
  | 'maxConversion'
  | 'freespins'
  | 'cashback'
  | 'wagerMultiplier'
  | 'contributions'
  | 'excludedGames'
  | 'activationDays'
  | 'wageringDays'
>;

/** `amount` (major units, as the server wrote it) times a whole number, exactly. */
function times(amount: string, by: number): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const digits = (BigInt(whole + fraction) * BigInt(by)).toString().padStart(fraction.length + 1, '0');
  return fraction ? `${digits.slice(0, -fraction.length)}.${digits.slice(-fraction.length)}` : digits;
}

/** The headline a player reads: the amount, the spins or the share. */
function headline(d: Previewed, currency: string): string {
  if (d.cashback) return `${d.cashback.percentage}% cashback every ${d.cashback.period}`;
  if (d.freespins)
    return `${d.freespins.count} free spins${d.freespins.game ? ` on ${d.freespins.game.name}` : ''} at ${d.freespins.stakes[currency] ?? '?'} ${currency}`;
  if (d.type === 2 && d.depositPercentage)
    return `${d.depositPercentage}% of your deposit up to ${d.maxAmounts[currency] ?? '?'} ${currency}`;
  return `${d.amounts[currency] ?? '0'} ${currency} bonus`;
}

/** The terms lines, as the player site's terms list them. */
function terms(d: Previewed, currency: string): string[] {
  const amount = d.amounts[currency];
  const lines = [
    d.wagerMultiplier > 0
      ? `Wager ×${d.wagerMultiplier}${amount && Number(amount) > 0 ? ` (${times(amount, d.wagerMultiplier)} ${currency} in stakes)` : ''} to turn it into real money`
      : 'No wagering: it turns into real money at once',
    `Activate within ${d.activationDays} days, then ${d.wageringDays} days to wager`,
  ];
  if (d.maxBet[currency]) lines.push(`Largest stake while active: ${d.maxBet[currency]} ${currency}`);
  if (d.maxConversion[currency]) lines.push(`At most ${d.maxConversion[currency]} ${currency} turns real`);
  const counts = Object.entries(d.contributions).map(([type, share]) => `${type} ${share}%`);
  if (counts.length) lines.push(`Stakes count: ${counts.join(', ')}; other games 0%`);
  if (d.excludedGames.length) lines.push(`Not on: ${d.excludedGames.map((g) => g.name).join(', ')}`);
  return lines;
}

/** "What a player sees": the definition as a simple card of the player site, in one of its currencies. */
export function BonusPreview({ definition }: { definition: Previewed }) {
  const currencies = Object.keys(definition.amounts);
  const [chosen, setChosen] = useState(currencies[0] ?? 'EUR');
  const currency = currencies.includes(chosen) ? chosen : (currencies[0] ?? 'EUR');
  return (
    <Box component="section" aria-label="What a player sees" sx={{ display: 'grid', gap: 1, maxWidth: 420 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography variant="subtitle2">What a player sees</Typography>
        {currencies.length > 1 && (
          <TextField
            select
            size="small"
            label="Currency"
            value={currency}
            onChange={(event) => setChosen(event.target.value)}
          >
            {currencies.map((code) => (
              <MenuItem key={code} value={code}>
                {code}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      <Card variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        <Box sx={{ px: 2, py: 1.5, color: '#fff', background: 'linear-gradient(135deg, #174a8c, #6a2c91)' }}>
          <Typography component="h3" variant="h6">
            {definition.name || 'Untitled bonus'}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
            {headline(definition, currency)}
          </Typography>
        </Box>
        <CardContent sx={{ display: 'grid', gap: 1 }}>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {terms(definition, currency).map((line) => (
              <Typography component="li" variant="body2" key={line}>
                {line}
              </Typography>
            ))}
          </Box>
          <Box>
            <Chip label="Activate" color="primary" aria-hidden />
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
