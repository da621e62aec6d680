import { NotificationsPanel } from '@/features/notifications/page.ts';
import { ProfileTab } from './profile-tab.tsx';

/** `/profile/notifications`: every message, to read and delete. */
export default function ProfileNotificationsPage() {
  return (
    <ProfileTab id="profile-notifications" prefix="pages.profileNotifications">
      <NotificationsPanel />
    </ProfileTab>
  );
}
