import { BonusesPanel, FinishedBonuses } from '@/features/bonuses/page.ts';
import { ProfileTab } from './profile-tab.tsx';

/** `/profile/bonuses`: the active bonus, those waiting for activation, and those that have ended. */
export default function ProfileBonusesPage() {
  return (
    <ProfileTab id="profile-bonuses" prefix="bonuses.profile">
      <BonusesPanel level={3} />
      <FinishedBonuses level={3} />
    </ProfileTab>
  );
}
