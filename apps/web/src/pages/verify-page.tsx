import { useTranslation } from 'react-i18next';
import { EmailLinkCard } from './email-link-card.tsx';

/**
 * `/verify/:confirmCode`, the e-mail confirmation link. Confirming the address belongs to the account
 * capability; until it exists this page says so instead of pretending it worked.
 */
export default function VerifyPage() {
  const { t } = useTranslation();
  return (
    <EmailLinkCard
      icon="shield"
      title={t('verify.title')}
      text={t('verify.soon')}
      to="/"
      action={t('comingSoon.backHome')}
    />
  );
}
