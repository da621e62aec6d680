// Public surface of the games catalogue. The modals (search, mobile-game, categories, providers) are
// not here: the modal registry loads each lazily.
import './i18n/index.ts';

export { fetchPage, type Page } from './api/fetch-page.ts';
export { collectionsQuery, collectionsQueryKey, useCollections, availableIn } from './api/get-collections.ts';
export { providersQueryKey, useProviders } from './api/get-providers.ts';
export { gamesQueryKey, fetchGames, useGamesPage, useInfiniteGames, type GameFilters } from './api/get-games.ts';
export { gameQueryKey, fetchGame, useGameDetails, seedGame } from './api/get-game.ts';
export { favoritesQueryKey, useFavorites } from './api/get-favorites.ts';
export { useToggleFavorite, applyFavorites, patchFavorites } from './api/toggle-favorite.ts';
export { playedQueryKey, usePlayed } from './api/get-played.ts';
export { winnersQueryKey, useWinners } from './api/get-winners.ts';

export { useIsPhone, usePlatform, useMedia, gridPageSize, PHONE_QUERY, SMALL_QUERY } from './lib/media.ts';
export { gamePath, categoryPath, providerGamesPath, toQueryString, PROVIDER_PARAM, PROVIDER_VIEW_PARAM } from './lib/paths.ts';
export { readCatalogueParams, writeCatalogueParams, SORTS, SORT_KEYS, type SortKey } from './lib/catalogue-params.ts';
export { filterProviders, type ProviderSort } from './lib/provider-search.ts';
export { gameArt, providerLogo, srcSetOf } from './lib/images.ts';

export { GameCard, GameCardSkeleton } from './ui/game-card.tsx';
export { GameArt } from './ui/game-art.tsx';
export { GameBadges } from './ui/game-badges.tsx';
export { FavoriteButton } from './ui/favorite-button.tsx';
export { GameGrid, GameGridSkeleton } from './ui/game-grid.tsx';
export { PagedGames } from './ui/paged-games.tsx';
export { CollectionRow } from './ui/collection-row.tsx';
export { CollectionTabs } from './ui/collection-tabs.tsx';
export { ProvidersStrip } from './ui/providers-strip.tsx';
export { ProviderLogo } from './ui/provider-logo.tsx';
export { ProviderFilter } from './ui/provider-filter.tsx';
export { WinnersFeed } from './ui/winners-feed.tsx';
export { GameListItem } from './ui/game-list-item.tsx';
export { PlayerGamesGate, EmptyGames } from './ui/player-games-gate.tsx';
export { SortSelect } from './ui/sort-select.tsx';
export { useCatalogueQuery } from './lib/use-catalogue-query.ts';
