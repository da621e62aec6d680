import type { Game, GameImageSize, ImageSet, Provider } from '@casino/contracts';

/** `srcSet` for a 1x/2x/3x set; the paths are absolute on our origin, as the API sends them. */
export function srcSetOf(set: ImageSet | undefined): string | undefined {
  if (!set) return undefined;
  const parts = [`${set['1x']} 1x`];
  if (set['2x']) parts.push(`${set['2x']} 2x`);
  if (set['3x']) parts.push(`${set['3x']} 3x`);
  return parts.join(', ');
}

/** The operator's own artwork wins over the provider's. */
export const gameArt = (
  game: Pick<Game, 'images' | 'customImages'>,
  size: GameImageSize = '200x300',
): ImageSet | undefined => game.customImages[size] ?? game.images[size];

export const providerLogo = (provider: Pick<Provider, 'images' | 'customImages'>): ImageSet | undefined =>
  provider.customImages['116x40'] ?? provider.images['116x40'];
