import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorCode, safeSitePath } from '@casino/contracts';
import { completeLogin, finishSocialLogin, socialErrorCode } from '@/features/auth/page.ts';
import { isApiError } from '@/shared/lib/http.ts';
import { usePlayerInit } from '@/shared/lib/player-init.ts';
import { dismissPreloader } from '@/shared/lib/preloader.ts';
import { getAffiliateTag } from '@/shared/lib/affiliate-tag.ts';
import { EmailLinkCard } from './email-link-card.tsx';

/**
 * `/auth/callback?code&state`, where the identity provider sends the player back: the sign-in finishes
 * behind the preloader, then the player is on the page they started from (a new player with the
 * wallet open, as after any registration).
 */
export default function AuthCallbackPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { social } = usePlayerInit();
  const signIn = useQuery({
    queryKey: ['player', 'social-callback', window.location.search],
    queryFn: async () => {
      if (!social) throw new Error('social sign-in is off');
      const affiliateTag = getAffiliateTag();
      const { result, state } = await finishSocialLogin(social, {
        locale: i18n.language,
        ...(affiliateTag ? { affiliateTag } : {}),
      });
      await completeLogin(result);
      return { isNew: result.profile.isNewlyRegistered, back: safeSitePath(state?.backRoute) };
    },
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

  useEffect(() => {
    if (signIn.isSuccess) {
      const target = new URL(signIn.data.back, window.location.origin);
      if (signIn.data.isNew) target.searchParams.set('wallet', 'deposit');
      void navigate(target.pathname + target.search, { replace: true });
    }
    if (signIn.isError) dismissPreloader();
  }, [signIn.isSuccess, signIn.isError, signIn.data, navigate]);

  if (!signIn.isError) return null;
  const error = signIn.error;
  const code = socialErrorCode(error);
  const text = code
    ? t(`auth.social.errors.${code}`)
    : isApiError(error) && error.code === ErrorCode.emailNotVerified
      ? t('auth.social.errors.emailNotVerified')
      : isApiError(error) && error.code === ErrorCode.accountBlocked
        ? t('auth.social.errors.blocked')
        : t('auth.social.errors.generic');
  return (
    <div className="flex justify-center py-10">
      <EmailLinkCard
        icon="lock"
        title={t('auth.social.failedTitle')}
        text={text}
        to="/?sign-in"
        action={t('auth.signIn.title')}
      />
    </div>
  );
}
