import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@/shared/router';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { ErrorCode, safeSitePath } from '@casino/contracts';
import {
  completeLogin,
  finishSocialLogin,
  noteSocialRefusal,
  socialBackRoute,
  socialErrorCode,
} from '@/features/auth/page.ts';
import { localeOfPath, localizePath } from '@/shared/i18n/locale-path.ts';
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
  const { i18n } = useTranslation();
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
    if (signIn.isError && excluded(signIn.error)) {
      // Refused during an exclusion: back to the sign-in of the page the player came from (and its
      // language), which says which exclusion and until when, as it does for a password.
      noteSocialRefusal(signIn.error);
      const back = safeSitePath(socialBackRoute(signIn.error));
      void navigate(`${back}${back.includes('?') ? '&' : '?'}sign-in`, { replace: true });
    } else if (signIn.isError) dismissPreloader();
  }, [signIn.isSuccess, signIn.isError, signIn.data, signIn.error, navigate]);

  if (!signIn.isError || excluded(signIn.error)) return null;
  const error = signIn.error;
  // Said in the language of the page the player started from (this path has no locale of its own).
  const back = socialBackRoute(error);
  const locale = back ? localeOfPath(back) : localeOfPath(window.location.pathname);
  const tl = i18n.getFixedT(locale);
  const code = socialErrorCode(error);
  const text = code
    ? tl(`auth.social.errors.${code}`)
    : isApiError(error) && error.code === ErrorCode.emailNotVerified
      ? tl('auth.social.errors.emailNotVerified')
      : isApiError(error) && error.code === ErrorCode.accountBlocked
        ? tl('auth.social.errors.blocked')
        : tl('auth.social.errors.generic');
  return (
    <div className="flex justify-center py-10" lang={locale}>
      <EmailLinkCard
        icon="lock"
        title={tl('auth.social.failedTitle')}
        text={text}
        to={localizePath('/?sign-in', locale)}
        action={tl('auth.signIn.title')}
      />
    </div>
  );
}

const excluded = (error: unknown) => isApiError(error) && error.code === ErrorCode.accountExcluded;
