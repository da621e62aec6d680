import {
  sportsbookFrameMessageSchema,
  sportsbookPathSchema,
  type SportsbookFrameMessage,
  type SportsbookParentMessage,
} from '@casino/contracts';

/** The query key that holds the client's path on the casino page: `/betting?setIframePath=/events/fb-1`. */
export const PATH_PARAM = 'setIframePath';

/** The provider's origin (`http://host:port`) from its configured host, or null when the host is not a URL. */
export function providerOrigin(host: string): string | null {
  try {
    return new URL(host).origin;
  } catch {
    return null;
  }
}

/** A path the client may be sent to, or null (absent, a full URL, `//host`, whitespace…). */
export function clientPath(value: string | null): string | null {
  if (value === null) return null;
  return sportsbookPathSchema.safeParse(value).success ? value : null;
}

/**
 * A message from the sportsbook frame, or null to ignore it: it must come from the provider's origin,
 * from this page's frame (not another window of that origin) and have one of the agreed shapes.
 */
export function readFrameMessage(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  expected: { origin: string; frame: Window | null | undefined },
): SportsbookFrameMessage | null {
  if (event.origin !== expected.origin) return null;
  if (!expected.frame || event.source !== expected.frame) return null;
  const parsed = sportsbookFrameMessageSchema.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}

/** Tells the frame to show a path (the browser's back/forward, a link to another event). */
export function postNavigate(frame: Window, origin: string, path: string): void {
  const message: SportsbookParentMessage = { source: 'casino', type: 'navigate', path };
  frame.postMessage(message, origin);
}
