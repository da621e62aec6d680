/** The brand name in one place (titles, logo alt text, footer). */
export const BRAND_NAME = 'Lumen Casino';
