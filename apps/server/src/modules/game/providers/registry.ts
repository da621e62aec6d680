import type { AppContext } from '../../../context.ts';
import type { RouteMount } from '../../../lib/module.ts';
import { lanternAggregator } from './lantern/index.ts';
import { nativeAggregator } from './native/index.ts';
import type { GameAggregator } from './types.ts';

/** Every game aggregator the casino has an adapter for. Adding one: its folder, and its line here. */
export const AGGREGATORS: readonly GameAggregator[] = [nativeAggregator, lanternAggregator];

/** The adapter of a catalogue game's `aggregator`, if this deployment runs it. */
export function aggregatorOf(ctx: AppContext, id: string): GameAggregator | null {
  const found = AGGREGATORS.find((aggregator) => aggregator.id === id);
  return found && found.runs(ctx) ? found : null;
}

/** Whether free spins can be granted on a game of this aggregator. */
export const grantsFreespins = (game: { aggregator: string }): boolean =>
  AGGREGATORS.find((aggregator) => aggregator.id === game.aggregator)?.grantsFreespins ?? false;

/** The wallet APIs of the aggregators this deployment runs. */
export const aggregatorWalletRoutes = (ctx: AppContext): RouteMount[] =>
  AGGREGATORS.filter((aggregator) => aggregator.runs(ctx)).map((aggregator) => aggregator.walletRoutes(ctx));
