import { Link as RouterLink } from 'react-router-dom';
import type { AdminLink } from '@casino/contracts';
import { Link } from '@mui/material';
import { PartTable, usePlayerPart } from './kit.tsx';

/** The linked player's page. */
const playerLink = (l: AdminLink) => (
  <Link component={RouterLink} to={`/players/${l.playerId}/show`}>
    {l.player}
  </Link>
);

/** Accounts linked to this one (a duplicate-account signal), each with why. */
export function Links() {
  const [links] = usePlayerPart<AdminLink[]>('links');
  return (
    <PartTable
      label="Linked accounts"
      rows={links}
      rowKey={(l) => l.playerId}
      empty="No linked accounts."
      columns={[
        { label: 'Player', cell: playerLink },
        { label: 'Why', cell: (l) => l.reasons.map((r) => `${r.kind}: ${r.detail}`).join('; ') },
      ]}
    />
  );
}
