import { useParams } from '@/shared/router';
import { TournamentView } from '@/features/tournaments/page.ts';

/** `/tournaments/:identity`: one tournament (the bare `/tournaments` still leads home). */
export default function TournamentPage() {
  const { identity = '' } = useParams();
  return <TournamentView key={identity} identity={identity} />;
}
