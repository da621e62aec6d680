import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { isApiError } from '@/shared/lib/http.ts';
import { Button } from '@/shared/ui/button.tsx';
import { toast } from '@/shared/ui/toast.ts';
import { useResendConfirmation } from './api/account.ts';
import { useSession } from './session-store.ts';
import { VerificationCard } from '@/shared/ui/verification-card.tsx';
import './i18n/index.ts';

/** The verification tab's e-mail block: is the address confirmed, and the confirmation link sent again. */
export function EmailVerification() {
  const { t, i18n } = useTranslation();
  const profile = useSession((s) => s.profile);
  const resend = useResendConfirmation();
  const [sent, setSent] = useState(false);
  if (!profile?.email) return null;
  const confirmedAt = profile.confirmedAt ? new Date(profile.confirmedAt) : null;

  const onResend = async () => {
    try {
      await resend.mutateAsync();
      setSent(true);
    } catch (error) {
      // Spec: a failed resend shows the generic alert; a resend a moment ago says so.
      toast({
        type: 'error',
        title: isApiError(error) && error.status === 429 ? t('auth.verification.wait') : t('auth.errors.generic'),
      });
    }
  };

  return (
    <VerificationCard
      title={t('auth.verification.emailTitle')}
      confirmed={confirmedAt !== null}
      pendingIcon="mail"
      action={
        confirmedAt ? null : (
          <Button variant="secondary" loading={resend.isPending} onClick={onResend}>
            {t('auth.verification.resend')}
          </Button>
        )
      }
    >
      <p className="mt-1 break-all text-fg">{profile.email}</p>
      <p className="mt-1 text-sm text-muted">
        {confirmedAt
          ? t('auth.verification.confirmedOn', {
              date: confirmedAt.toLocaleDateString(i18n.language, { dateStyle: 'long' }),
            })
          : t('auth.verification.notConfirmed')}
      </p>
      {sent ? (
        <output className="mt-3 block text-sm text-success">
          {t('auth.verification.sent', { email: profile.email })}
        </output>
      ) : null}
    </VerificationCard>
  );
}
