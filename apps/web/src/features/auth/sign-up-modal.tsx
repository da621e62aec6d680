import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import type { AuthResult } from '@casino/contracts';
import { track } from '@/shared/lib/analytics.ts';
import { usePlayerInit } from '@/shared/lib/player-init.ts';
import { ModalFrame, useModal, type ModalProps } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { toast } from '@/shared/ui/toast.ts';
import { useCurrencies } from '@/shared/lib/currencies.ts';
import { useCountries } from '@/shared/lib/countries.ts';
import { useRegistrationFields } from './api/get-registration-fields.ts';
import { completeLogin } from './session.ts';
import { SignUpForm } from './sign-up-form.tsx';
import { ChannelSwitch, type Channel } from './channel-switch.tsx';
import { SocialButtons } from './social-buttons.tsx';
import './i18n/index.ts';

export default function SignUpModal(_props: ModalProps) {
  const { t } = useTranslation();
  const modal = useModal();
  const init = usePlayerInit();
  const fields = useRegistrationFields();
  const currencies = useCurrencies();
  const needsCountries = fields.data?.some((f) => f.name === 'country' && f.isVisible) ?? false;
  const countries = useCountries(needsCountries);
  const [channel, setChannel] = useState<Channel>('email');

  // Once per opening, even when React runs effects twice in development.
  const tracked = useRef(false);
  useEffect(() => {
    if (tracked.current) return;
    tracked.current = true;
    track('registration_start');
  }, []);

  const onRegistered = async (result: AuthResult) => {
    // completeLogin marks the player at once (the wallet is a player-only modal); accounts load meanwhile.
    const loading = completeLogin(result);
    track('registration_complete');
    toast({ type: 'success', title: t('auth.signUp.welcome') });
    // Straight to the deposit: the wallet replaces sign-up in one step, so "back" does not reopen sign-up.
    modal.replace('sign-up', 'wallet', 'deposit');
    await loading;
  };

  const queries = needsCountries ? [fields, currencies, countries] : [fields, currencies];
  const failed = queries.some((q) => q.isError);
  const ready = fields.data && currencies.data && (!needsCountries || countries.data);

  return (
    <ModalFrame title={t('auth.signUp.title')} description={t('auth.signUp.description')} size="sm">
      {failed ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-sm text-danger">
          {t('auth.signUp.loadFailed')}
          <Button size="sm" variant="secondary" onClick={() => queries.forEach((q) => q.isError && void q.refetch())}>
            {t('auth.signUp.retry')}
          </Button>
        </div>
      ) : ready ? (
        <>
          <ChannelSwitch value={channel} onChange={setChannel} label={t('auth.channel.signUpWith')} />
          <SignUpForm
            key={channel}
            channel={channel}
            fields={fields.data!}
            currencies={currencies.data!.filter((c) => c.isEnabled)}
            countries={countries.data ?? []}
            defaultCountry={countries.data?.some((c) => c.code === init.country) ? init.country : ''}
            onRegistered={onRegistered}
          />
        </>
      ) : (
        <div className="grid place-items-center py-8">
          <Spinner label={t('auth.signUp.loading')} className="size-6" />
        </div>
      )}
      <SocialButtons />
      <p className="mt-4 text-center text-sm text-muted">
        {t('auth.signUp.haveAccount')}{' '}
        <button
          type="button"
          className="font-semibold text-accent hover:underline"
          onClick={() => modal.replace('sign-up', 'sign-in')}
        >
          {t('auth.signUp.toSignIn')}
        </button>
      </p>
    </ModalFrame>
  );
}
