import { DocumentsPanel } from '@/features/documents/page.ts';
import { ProfileTab } from './profile-tab.tsx';

/** `/profile/documents` (absent when the identity provider handles documents): upload and review status. */
export default function ProfileDocumentsPage() {
  return (
    <ProfileTab id="profile-documents" prefix="pages.profileDocuments">
      <DocumentsPanel />
    </ProfileTab>
  );
}
