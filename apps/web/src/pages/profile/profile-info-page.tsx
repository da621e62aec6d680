import { ProfileInfo } from '@/features/auth/page.ts';
import { ProfileTab } from './profile-tab.tsx';

/** `/profile/info`: personal details (edit mode with `?edit=true`) and offer preferences. */
export default function ProfileInfoPage() {
  return (
    <ProfileTab id="profile-info" prefix="pages.profileInfo">
      <ProfileInfo />
    </ProfileTab>
  );
}
