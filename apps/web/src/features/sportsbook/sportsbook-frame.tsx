import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useSearchParams } from '@/shared/router';
import { useTranslation } from '@/shared/i18n/use-translation.tsx';
import { useSession } from '@/features/auth';
import { usePlayerInit } from '@/shared/lib/player-init.ts';
import { useModal } from '@/shared/modals/index.ts';
import { Button } from '@/shared/ui/button.tsx';
import { Spinner } from '@/shared/ui/spinner.tsx';
import { clientPath, PATH_PARAM, postNavigate, providerOrigin, readFrameMessage } from './frame-messages.ts';
import { useSportsbookBetPushes } from './use-sportsbook-bet-pushes.ts';
import { useSportsbookLaunch } from './use-sportsbook-launch.ts';
import './i18n/index.ts';

/**
 * The frame and the page's URL in step: the client's `route` replaces the query, a path the URL gets
 * otherwise is sent to the client; `ready` marks its page loaded, `login` and `deposit` open their modals.
 */
function useFrameSync({
  origin,
  path,
  gameUrl,
  setParams,
}: {
  origin: string | null;
  path: string | null;
  gameUrl: string | undefined;
  setParams: ReturnType<typeof useSearchParams>[1];
}) {
  const modal = useModal();
  const frame = useRef<HTMLIFrameElement>(null);
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  // Where the client is, as far as the page knows: a URL path equal to it needs no message.
  const framePath = useRef(path ?? '/');
  // A new start opens at the path the URL had when it went out.
  const resetFramePath = useEffectEvent(() => {
    framePath.current = path ?? '/';
  });
  useEffect(() => {
    if (gameUrl) resetFramePath();
  }, [gameUrl]);

  const onMessage = useEffectEvent((event: MessageEvent) => {
    if (!origin) return;
    const message = readFrameMessage(event, { origin, frame: frame.current?.contentWindow });
    if (!message) return;
    switch (message.type) {
      case 'ready':
        setLoadedUrl(gameUrl ?? null);
        return;
      case 'route':
        framePath.current = message.path;
        if (message.path === path) return;
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            next.set(PATH_PARAM, message.path);
            return next;
          },
          { replace: true, preventScrollReset: true, state: { preventScrollReset: true } },
        );
        return;
      case 'login':
        modal.open('sign-in');
        return;
      case 'deposit':
        modal.open('wallet', 'deposit');
        return;
    }
  });
  useEffect(() => {
    const listener = (event: MessageEvent) => onMessage(event);
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);

  const target = path ?? '/';
  useEffect(() => {
    if (target === framePath.current) return;
    framePath.current = target;
    const win = frame.current?.contentWindow;
    if (win && origin) postNavigate(win, origin, target);
  }, [target, origin]);
  return { frame, loadedUrl, setLoadedUrl };
}

/**
 * The sportsbook client in a frame, started like a game. The page's `?setIframePath=` and the
 * client's path stay in step: the client reports where it went (`route`, the query is replaced, the
 * frame is not reloaded), and a path the URL gets otherwise (Back, Forward, a link) is sent to it
 * (`navigate`). The client asks the page to sign in or to deposit; pushes about sports bets open
 * their modals.
 */
export function SportsbookFrame() {
  const { t } = useTranslation();
  const { sportsbook } = usePlayerInit();
  const origin = sportsbook ? providerOrigin(sportsbook.host) : null;
  const status = useSession((s) => s.status);
  const [params, setParams] = useSearchParams();
  const path = clientPath(params.get(PATH_PARAM));
  const launch = useSportsbookLaunch(path);
  useSportsbookBetPushes(status === 'player');
  const { frame, loadedUrl, setLoadedUrl } = useFrameSync({ origin, path, gameUrl: launch.gameUrl, setParams });

  if (launch.failed) {
    return (
      <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
        <h2 className="text-xl font-semibold text-fg">{t('sportsbook.failed.title')}</h2>
        <p className="text-muted">{t('sportsbook.failed.text')}</p>
        <Button variant="secondary" onClick={launch.retry}>
          {t('sportsbook.failed.retry')}
        </Button>
      </div>
    );
  }

  const loading = !launch.gameUrl || loadedUrl !== launch.gameUrl;
  return (
    <div
      className="relative -mx-4 -mt-6 h-[calc(var(--vh,1vh)*100-8rem-env(safe-area-inset-bottom))] bg-surface sm:-mx-6 md:mx-0 md:mt-0 md:h-[calc(var(--vh,1vh)*100-9rem)] md:min-h-[40rem] md:overflow-hidden md:rounded-3xl md:border md:border-line"
      aria-busy={loading}
    >
      {launch.gameUrl && (
        <iframe
          key={launch.key}
          ref={frame}
          src={launch.gameUrl}
          title={t('sportsbook.frameTitle')}
          className="block size-full border-0"
          allow="clipboard-write; fullscreen"
          // The client needs its own origin (its API calls, and the origin this page checks its messages
          // against; an opaque origin would be "null"). It is a separate party on its own origin: the
          // sandbox keeps it from navigating this page, not from running.
          // oxlint-disable-next-line react/iframe-missing-sandbox
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
          referrerPolicy="origin"
          onLoad={() => setLoadedUrl(launch.gameUrl ?? null)}
        />
      )}
      {loading && (
        <div className="absolute inset-0 grid place-items-center bg-surface">
          <Spinner label={t('sportsbook.loading')} className="size-7 text-accent" />
        </div>
      )}
    </div>
  );
}
