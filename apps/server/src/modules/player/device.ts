/** Coarse device class from the User-Agent header (the product tells phones apart by user agent, not by screen size). */
export type DeviceType = 'mobile' | 'tablet' | 'desktop' | 'unknown';

const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i;
const MOBILE = /Mobi|iPhone|iPod|Android.*Mobile|Windows Phone|BlackBerry|BB10|Opera Mini|IEMobile/i;

export function deviceTypeOf(userAgent: string | null | undefined): DeviceType {
  if (!userAgent) return 'unknown';
  if (TABLET.test(userAgent)) return 'tablet';
  if (MOBILE.test(userAgent)) return 'mobile';
  return 'desktop';
}
