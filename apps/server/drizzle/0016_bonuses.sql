CREATE TABLE "bonus_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"amounts" jsonb NOT NULL,
	"wager_multiplier" integer NOT NULL,
	"max_bet" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"max_conversion" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"contributions" jsonb NOT NULL,
	"excluded_games" uuid[] DEFAULT '{}' NOT NULL,
	"activation_days" integer NOT NULL,
	"wagering_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_definitions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "player_bonuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"definition_id" uuid NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"result" integer DEFAULT 1 NOT NULL,
	"amount_minor" bigint NOT NULL,
	"wager_multiplier" integer NOT NULL,
	"wager_required_minor" bigint NOT NULL,
	"wager_progress_minor" bigint DEFAULT 0 NOT NULL,
	"max_bet_minor" bigint,
	"max_conversion_minor" bigint,
	"contributions" jsonb NOT NULL,
	"excluded_games" uuid[] DEFAULT '{}' NOT NULL,
	"wagering_days" integer NOT NULL,
	"converted_minor" bigint,
	"forfeited_minor" bigint,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activation_expires_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"wagering_expires_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_account_id_wallet_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_definition_id_bonus_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."bonus_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_bonuses_player_idx" ON "player_bonuses" USING btree ("player_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_one_active_idx" ON "player_bonuses" USING btree ("account_id") WHERE status = 2;--> statement-breakpoint
-- The stake rule's functions that answered records became single numbers (wallet/sql/stake-rules.sql);
-- the wallet call reads the active bonus, and tells game_record_call of it: new signatures.
DROP FUNCTION IF EXISTS wallet_stake_split(wallet_accounts, bigint, uuid);--> statement-breakpoint
DROP FUNCTION IF EXISTS wallet_win_split(bigint, bigint, bigint);--> statement-breakpoint
DROP FUNCTION IF EXISTS game_wallet_session(text, text, text, timestamptz);--> statement-breakpoint
DROP FUNCTION IF EXISTS game_record_call(game_sessions, uuid, text, text, game_rounds, text, text, text, bigint, text,
  jsonb, text, bigint, bigint, bigint, bigint, bigint, boolean, boolean, date, timestamptz);--> statement-breakpoint
-- Signatures an earlier build of this change had.
DROP FUNCTION IF EXISTS bonus_conclude(uuid, timestamptz);--> statement-breakpoint
DROP FUNCTION IF EXISTS bonus_settle(uuid, uuid, text, bigint, timestamptz);--> statement-breakpoint
DROP FUNCTION IF EXISTS game_record_call(game_sessions, uuid, text, text, game_rounds, text, text, text, bigint, text,
  jsonb, text, bigint, bigint, bigint, bigint, bigint, boolean, boolean, date, timestamptz, boolean);
