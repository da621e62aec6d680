import { LimitsPanel } from '@/features/limits/page.ts';
import { ProfileTab } from './profile-tab.tsx';

/** `/profile/limits`: deposit, bet and loss limits, breaks and the reality check. */
export default function ProfileLimitsPage() {
  return (
    <ProfileTab id="profile-limits" prefix="pages.profileLimits">
      <LimitsPanel />
    </ProfileTab>
  );
}
