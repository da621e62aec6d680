-- The seamless wallet's append-only rows keep no foreign keys: game_record_call (game/sql/provider-wallet.sql)
-- is their only writer and copies every id from the session row the call read and validated (token, game,
-- provider, player, account) under the account's lock, or from the round it just read or wrote; nothing
-- deletes the rows they name. Each key cost a lookup and a trigger on every wallet call. The ledger's and
-- the play counts' keys stay: other paths write those.
ALTER TABLE "game_rounds" DROP CONSTRAINT "game_rounds_session_id_game_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "game_rounds" DROP CONSTRAINT "game_rounds_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "game_rounds" DROP CONSTRAINT "game_rounds_account_id_wallet_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "game_rounds" DROP CONSTRAINT "game_rounds_game_id_games_id_fk";
--> statement-breakpoint
ALTER TABLE "game_rounds" DROP CONSTRAINT "game_rounds_provider_id_game_providers_id_fk";
--> statement-breakpoint
ALTER TABLE "game_transactions" DROP CONSTRAINT "game_transactions_round_id_game_rounds_id_fk";
--> statement-breakpoint
ALTER TABLE "game_transactions" DROP CONSTRAINT "game_transactions_session_id_game_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "game_transactions" DROP CONSTRAINT "game_transactions_player_id_players_id_fk";
--> statement-breakpoint
ALTER TABLE "game_winners" DROP CONSTRAINT "game_winners_round_id_game_rounds_id_fk";
--> statement-breakpoint
-- A thin wrapper of game_wallet_read that nothing calls any more (removed from its source file).
DROP FUNCTION IF EXISTS game_wallet_session(text, text, text, timestamptz);
