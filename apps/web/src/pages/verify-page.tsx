import { useQuery } from '@tanstack/react-query';
import { useParams } from '@/shared/router';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { confirmEmail, refreshProfile, useSession } from '@/features/auth/page.ts';
import { isApiError } from '@/shared/lib/http.ts';
import { EmailLinkCard } from './email-link-card.tsx';

/**
 * `/verify/:confirmCode`, the link of the confirmation mail: confirms the address (signed in or not;
 * the code is the proof) and says how it went. A signed-in player's profile follows at once.
 */
export default function VerifyPage() {
  const { t } = useTranslation();
  const { confirmCode = '' } = useParams();
  const isPlayer = useSession((s) => s.status === 'player');
  const result = useQuery({
    queryKey: ['player', 'email-confirmation', confirmCode],
    queryFn: async () => {
      const answer = await confirmEmail(confirmCode);
      if (useSession.getState().status === 'player') await refreshProfile().catch(() => {});
      return answer;
    },
    retry: false,
    staleTime: Infinity,
  });

  if (result.isPending)
    return <EmailLinkCard icon="shield" title={t('verify.title')} text={t('verify.checking')} busy />;
  if (result.isSuccess)
    return (
      <EmailLinkCard
        icon="shield"
        title={t('verify.confirmed')}
        text={t('verify.confirmedText')}
        to="/"
        action={t('comingSoon.backHome')}
      />
    );
  const invalid = isApiError(result.error) && result.error.status === 422;
  return (
    <EmailLinkCard
      icon="shield"
      title={invalid ? t('verify.invalid') : t('verify.title')}
      text={invalid ? t('verify.invalidText') : t('verify.failed')}
      to={isPlayer ? '/profile/verification' : '/?sign-in'}
      action={isPlayer ? t('verify.toVerification') : t('auth.signIn.title')}
    />
  );
}
