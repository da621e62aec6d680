// Public surface of the games catalogue. The modals (search, mobile-game, categories, providers) are
// not here: the modal registry loads each lazily.
import './i18n/index.ts';

export { collectionsQuery, useCollections, availableIn } from './api/get-collections.ts';
export { useProviders } from './api/get-providers.ts';
export { useInfiniteGames } from './api/get-games.ts';
export { useFavorites } from './api/get-favorites.ts';
export { usePlayed } from './api/get-played.ts';

export { usePlatform, useMedia, gridPageSize, SMALL_QUERY } from './lib/media.ts';
export { categoryPath, providerGamesPath, PROVIDER_VIEW_PARAM } from './lib/paths.ts';
export { SORTS } from './lib/catalogue-params.ts';
export { filterProviders, type ProviderSort } from './lib/provider-search.ts';

export { GameCard } from './ui/game-card.tsx';
export { GameGrid, GameGridSkeleton } from './ui/game-grid.tsx';
export { PagedGames } from './ui/paged-games.tsx';
export { CollectionRow } from './ui/collection-row.tsx';
export { CollectionTabs } from './ui/collection-tabs.tsx';
export { ProvidersStrip } from './ui/providers-strip.tsx';
export { ProviderLogo } from './ui/provider-logo.tsx';
export { ProviderFilter } from './ui/provider-filter.tsx';
export { WinnersFeed } from './ui/winners-feed.tsx';
export { PlayerGamesGate, EmptyGames } from './ui/player-games-gate.tsx';
export { SortSelect } from './ui/sort-select.tsx';
export { useCatalogueQuery } from './lib/use-catalogue-query.ts';
