import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Channel, kycUpdatedSchema, type KycState } from '@casino/contracts';
import { useSession } from '@/features/auth';
import { VerificationCard } from '@/shared/ui/verification-card.tsx';
import { api, apiBare } from '@/shared/lib/http.ts';
import { usePlayerInit } from '@/shared/lib/player-init.ts';
import { queryClient } from '@/shared/lib/query-client.ts';
import { subscribeChannel } from '@/shared/lib/socket.ts';
import { useSubscription } from '@/shared/lib/use-subscription.ts';
import { Button } from '@/shared/ui/button.tsx';
import { toast } from '@/shared/ui/toast.ts';
import './i18n/index.ts';

const stateKey = ['player', 'verification'] as const;

/**
 * The verification tab's identity block: where the provider's review stands (pushed on
 * `player:verification#<id>`), and the provider's own pages in a frame to send documents.
 */
export function IdentityCheck() {
  const { t, i18n } = useTranslation();
  const kyc = usePlayerInit().kyc;
  const playerId = useSession((s) => s.profile?.id);
  const [frame, setFrame] = useState<string | null>(null);
  const state = useQuery({
    queryKey: stateKey,
    queryFn: ({ signal }) => api<KycState>('GET', '/api/player/services/sumsub/status', { signal }),
    enabled: kyc !== null,
  });
  useSubscription(kyc && playerId ? playerId : null, () =>
    subscribeChannel(Channel.playerVerification(playerId!), {
      onPublication: (data) => {
        const parsed = kycUpdatedSchema.safeParse(data);
        if (parsed.success) queryClient.setQueryData(stateKey, parsed.data.state);
      },
    }),
  );
  // The token is not wrapped in `data`, as Sumsub's.
  const open = useMutation({
    mutationFn: () => apiBare<{ token: string }>('POST', '/api/player/services/sumsub/auth'),
    onSuccess: ({ token }) => setFrame(`${kyc!.sdkUrl}?token=${encodeURIComponent(token)}`),
    onError: () => toast({ type: 'error', title: t('documents.identity.openFailed') }),
  });
  if (!kyc) return null;

  const current = state.data;
  const status = current?.status ?? 'init';
  const reviewedAt = current?.reviewedAt ? new Date(current.reviewedAt) : null;
  const canSend = status === 'init' || status === 'rejected';
  return (
    <VerificationCard
      title={t('documents.identity.title')}
      confirmed={status === 'approved'}
      pendingIcon="user"
      below={
        frame ? (
          // The provider's pages in an opaque origin (no allow-same-origin): away from our storage and cookies.
          <iframe
            title={t('documents.identity.frame')}
            src={frame}
            sandbox="allow-forms allow-scripts"
            className="mt-5 h-[640px] w-full rounded-xl border border-line bg-white"
          />
        ) : null
      }
      action={
        frame ? (
          <Button variant="ghost" onClick={() => setFrame(null)}>
            {t('documents.identity.close')}
          </Button>
        ) : canSend && state.isSuccess ? (
          <Button loading={open.isPending} onClick={() => open.mutate()}>
            {t(status === 'rejected' ? 'documents.identity.again' : 'documents.identity.start')}
          </Button>
        ) : null
      }
    >
      <output className="mt-1 block text-sm text-muted">
        {state.isPending
          ? t('documents.identity.loading')
          : state.isError
            ? t('documents.identity.loadFailed')
            : status === 'approved'
              ? t('documents.identity.approved', {
                  date: reviewedAt?.toLocaleDateString(i18n.language, { dateStyle: 'long' }) ?? '',
                })
              : t(`documents.identity.${status}`)}
      </output>
      {status === 'rejected' && current?.reason ? (
        <p className="mt-2 rounded-xl bg-danger/10 px-3 py-2 text-sm text-danger">{current.reason}</p>
      ) : null}
    </VerificationCard>
  );
}
