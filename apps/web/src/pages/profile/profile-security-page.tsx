import { CloseAccount, SecurityPanel } from '@/features/auth/page.ts';
import { ProfileTab } from './profile-tab.tsx';

/** `/profile/security`: the password and closing the account (the sessions list is the history page's Sessions tab). */
export default function ProfileSecurityPage() {
  return (
    <ProfileTab id="profile-security" prefix="pages.profileSecurity">
      <div className="flex flex-col gap-6">
        <SecurityPanel />
        <CloseAccount />
      </div>
    </ProfileTab>
  );
}
