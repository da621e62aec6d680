import { EmailVerification, PhoneVerification } from '@/features/auth/page.ts';
import { IdentityCheck } from '@/features/documents/page.ts';
import { ProfileTab } from './profile-tab.tsx';

/** `/profile/verification`: the e-mail address and the phone number, each confirmed; identity through the provider. */
export default function ProfileVerificationPage() {
  return (
    <ProfileTab id="profile-verification" prefix="pages.profileVerification">
      <EmailVerification />
      <PhoneVerification />
      <IdentityCheck />
    </ProfileTab>
  );
}
