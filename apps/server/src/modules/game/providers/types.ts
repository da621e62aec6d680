import type { FastifyBaseLogger } from 'fastify';
import type { LaunchBody } from '@casino/contracts';
import type { AppContext } from '../../../context.ts';
import type { PartnerStatement } from '../../../lib/partner-statement.ts';
import type { RouteMount } from '../../../lib/module.ts';

/**
 * A game aggregator behind its adapter (`providers/<id>/`): how the casino starts one of its games and
 * the wallet API it calls, in its own protocol, mapped onto the one wallet call
 * (provider-wallet/service.ts → game/sql/provider-wallet.sql). Each has its own URL and secret; the
 * catalogue names the aggregator of every game (`games.aggregator`).
 */
export type GameAggregator = {
  /** The value of `games.aggregator` for its games. */
  id: string;
  /**
   * Whether the casino can grant free spins on its games (the native protocol's grants). Lantern's own
   * free-spins API is not mapped: a grant on one of its games could never be played.
   */
  grantsFreespins: boolean;
  /** Whether this deployment runs it (configured, or its sandbox outside production). */
  runs(ctx: AppContext): boolean;
  /**
   * Starts a game: the casino's launch (the game, the session token or null for demo, the currency…)
   * in the aggregator's own call. Answers the URL to frame; throws a DomainError 14310 when the
   * aggregator cannot be reached or refuses.
   */
  launch(ctx: AppContext, launch: LaunchBody, log: FastifyBaseLogger): Promise<string>;
  /** Its wallet API, served by the casino, signed with its own secret. */
  walletRoutes(ctx: AppContext): RouteMount;
  /**
   * Its daily statement of the UTC day `date` (`YYYY-MM-DD`): the wallet calls it made and the casino
   * took, fetched and its signature checked, in the one normalized shape; a DomainError when it is
   * unreachable or the statement untrusted. Absent: the aggregator publishes none.
   */
  statement?(ctx: AppContext, date: string): Promise<PartnerStatement>;
};
