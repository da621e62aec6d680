import { SecurityPanel } from '@/features/auth/page.ts';
import { ProfileTab } from './profile-tab.tsx';

/** `/profile/security`: the password (the sessions list is the history page's Sessions tab). */
export default function ProfileSecurityPage() {
  return (
    <ProfileTab id="profile-security" prefix="pages.profileSecurity">
      <SecurityPanel />
    </ProfileTab>
  );
}
