import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from '@/shared/router';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { safeSitePath } from '@casino/contracts';
import { completeLogin, loginWithToken } from '@/features/auth/page.ts';
import { localizePath, parseLocalePath, useLocale } from '@/shared/i18n';
import { dismissPreloader } from '@/shared/lib/preloader.ts';
import { EmailLinkCard } from './email-link-card.tsx';

/**
 * `/auth/autologin?state=<one-time token>&redirectUrl=<path>`: signs the player in with the token an
 * operator issued, then opens the wallet on the page it names. The preloader stays up meanwhile.
 */
export default function AutologinPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useLocale();
  const [params] = useSearchParams();
  const token = params.get('state') ?? '';
  const redirect = safeSitePath(params.get('redirectUrl'));
  const signIn = useQuery({
    queryKey: ['player', 'autologin', token],
    queryFn: async () => {
      await completeLogin(await loginWithToken({ token }));
      return true;
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

  useEffect(() => {
    if (signIn.isSuccess) {
      const target = new URL(redirect, window.location.origin);
      target.searchParams.set('wallet', 'deposit');
      // A path naming its locale keeps it; any other is shown in the language of this page.
      const named = parseLocalePath(target.pathname);
      const path = named.kind === 'ok' && named.prefixed ? target.pathname : localizePath(target.pathname, locale);
      void navigate(path + target.search, { replace: true });
    }
    if (signIn.isError || token === '') dismissPreloader();
  }, [signIn.isSuccess, signIn.isError, token, redirect, locale, navigate]);

  if (signIn.isError || token === '')
    return (
      <div className="flex justify-center py-10">
        <EmailLinkCard
          icon="lock"
          title={t('autologin.invalid')}
          text={t('autologin.invalidText')}
          to="/?sign-in"
          action={t('auth.signIn.title')}
        />
      </div>
    );
  return null;
}
