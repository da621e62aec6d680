import { HistoryView } from '@/features/history';
import { ProfileTab } from './profile-tab.tsx';

/** `/profile/history`: game rounds, bets, transactions and sessions. */
export default function ProfileHistoryPage() {
  return (
    <ProfileTab id="profile-history" prefix="history">
      <HistoryView />
    </ProfileTab>
  );
}
