import { useParams } from '@/shared/router';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { EmailLinkCard } from './email-link-card.tsx';

/**
 * `/password/reset/:resetCode`, the link from the reset e-mail. The new password is chosen in the
 * `reset-pass` modal on the home page, which carries the code as its query value.
 */
export default function PasswordResetPage() {
  const { t } = useTranslation();
  const { resetCode = '' } = useParams();
  return (
    <EmailLinkCard
      icon="lock"
      title={t('reset.title')}
      text={t('reset.description')}
      to={`/?reset-pass=${encodeURIComponent(resetCode)}`}
      action={t('reset.continue')}
    />
  );
}
