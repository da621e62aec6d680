/** Coarse device class from the User-Agent header (spec point 9: mobile detection is by user agent). */
export type DeviceType = 'mobile' | 'tablet' | 'desktop' | 'unknown';

const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i;
const MOBILE = /Mobi|iPhone|iPod|Android.*Mobile|Windows Phone|BlackBerry|BB10|Opera Mini|IEMobile/i;

export function deviceTypeOf(userAgent: string | null | undefined): DeviceType {
  if (!userAgent) return 'unknown';
  if (TABLET.test(userAgent)) return 'tablet';
  if (MOBILE.test(userAgent)) return 'mobile';
  return 'desktop';
}
