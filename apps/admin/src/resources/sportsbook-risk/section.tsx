import type { ReactNode } from 'react';
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';

/** A titled card of the risk screen: its heading (named for screen readers), its actions and its error. */
export const Section = (props: {
  id: string;
  title: string;
  actions?: ReactNode;
  error?: string | null;
  children: ReactNode;
}) => (
  <Card component="section" aria-labelledby={props.id}>
    <CardContent sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography id={props.id} component="h2" variant="h6">
          {props.title}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>{props.actions}</Box>
      </Box>
      {props.error && <Alert severity="error">{props.error}</Alert>}
      {props.children}
    </CardContent>
  </Card>
);
