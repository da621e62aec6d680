import { Title } from 'react-admin';
import { Box } from '@mui/material';
import { useAdminData } from '../server-fields.ts';
import { EventsSection } from './events.tsx';
import { ExposureSection } from './exposure.tsx';
import { LimitsSection } from './limits.tsx';
import { RestrictionsSection } from './restrictions.tsx';
import type { Events, Exposure } from './types.ts';

/**
 * Sportsbook risk: the maximum stakes, the restrictions, the exposure per event and the events to settle
 * or void. Reads are Sportsbook read; every change is a `sportsbook-risk` or `sportsbook-provider`
 * command, its buttons shown to the roles that may write.
 */
export function SportsbookRiskPage() {
  const exposure = useAdminData<Exposure[]>('/sportsbook/exposure');
  const events = useAdminData<Events>('/sportsbook/events');
  const settled = () => {
    events.reload();
    // The settlement's wallet calls go out at once; the tickets follow within a moment.
    exposure.reload();
    setTimeout(exposure.reload, 1_500);
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 1 }}>
      <Title title="Sportsbook risk" />
      <LimitsSection />
      <RestrictionsSection />
      <ExposureSection rows={exposure.data} error={exposure.error} events={events.data?.events ?? []} />
      <EventsSection data={events.data} error={events.error} status={events.status} onDone={settled} />
    </Box>
  );
}
