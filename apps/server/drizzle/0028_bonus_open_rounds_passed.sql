-- bonus_settle and bonus_conclude take the bonus's open rounds from their caller (game_record_call counts
-- them: game/sql/provider-wallet.sql), so the bonus module's SQL calls no game function: the old
-- signatures go (the SQL source creates the new ones).
DROP FUNCTION IF EXISTS bonus_settle(player_bonuses, uuid, text, bigint, bigint, timestamptz);
--> statement-breakpoint
DROP FUNCTION IF EXISTS bonus_conclude(player_bonuses, timestamptz);
