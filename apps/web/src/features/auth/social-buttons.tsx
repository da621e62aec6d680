import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { usePlayerInit } from '@/shared/lib/player-init.ts';
import { Button } from '@/shared/ui/button.tsx';
import { startSocialLogin } from './social.ts';

const LABEL: Record<string, string> = { 'google-oauth2': 'Google', apple: 'Apple' };

/** "Continue with …" for each connection the site offers; nothing when social sign-in is off. */
export function SocialButtons() {
  const { t } = useTranslation();
  const { social } = usePlayerInit();
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  if (!social || social.connections.length === 0) return null;
  const start = async (connection: string) => {
    setBusy(connection);
    setFailed(false);
    try {
      // Back to this page (and its query, less the dialog) once signed in.
      const url = new URL(window.location.href);
      url.searchParams.delete('sign-in');
      url.searchParams.delete('sign-up');
      await startSocialLogin(social, connection, url.pathname + url.search);
    } catch {
      setBusy(null);
      setFailed(true);
    }
  };
  return (
    <div className="mt-5 space-y-3">
      <p className="flex items-center gap-3 text-xs text-muted before:h-px before:flex-1 before:bg-line after:h-px after:flex-1 after:bg-line">
        {t('auth.social.or')}
      </p>
      {failed ? (
        <p role="alert" className="text-sm text-danger">
          {t('auth.errors.generic')}
        </p>
      ) : null}
      <div className="grid gap-2">
        {social.connections.map((connection) => (
          <Button
            key={connection}
            variant="secondary"
            block
            loading={busy === connection}
            onClick={() => void start(connection)}
          >
            {t('auth.social.continueWith', { provider: LABEL[connection] ?? connection })}
          </Button>
        ))}
      </div>
      <p className="text-center text-xs text-muted">{t('auth.social.terms')}</p>
    </div>
  );
}
