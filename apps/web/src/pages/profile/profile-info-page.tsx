import { ProfileInfo } from '@/features/auth/page.ts';
import { QuestsProfileCard } from '@/features/quests';
import { ProfileTab } from './profile-tab.tsx';

/** `/profile/info`: personal details (edit mode with `?edit=true`) and offer preferences. */
export default function ProfileInfoPage() {
  return (
    <ProfileTab id="profile-info" prefix="pages.profileInfo">
      <QuestsProfileCard />
      <ProfileInfo />
    </ProfileTab>
  );
}
