CREATE TABLE "game_risk_positions" (
	"account_id" uuid NOT NULL,
	"key" text NOT NULL,
	"group_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"open_rounds" integer NOT NULL,
	"bet_minor" bigint NOT NULL,
	"win_minor" bigint NOT NULL,
	CONSTRAINT "game_risk_positions_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "bonus_id" uuid;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "risk_key" text;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "risk_group" uuid;--> statement-breakpoint
CREATE INDEX "player_bonuses_waiting_deposit_idx" ON "player_bonuses" USING btree ("account_id") WHERE status = 1 AND invoice_id IS NOT NULL;--> statement-breakpoint
-- Open rounds begun while a bonus is active belong to it (what the wallet asks from now on); closed rounds
-- have nothing left to pay or count.
UPDATE "game_rounds" r SET "bonus_id" = b."id"
  FROM "player_bonuses" b
 WHERE b."account_id" = r."account_id" AND b."status" = 2 AND NOT r."closed" AND r."created_at" >= b."activated_at";--> statement-breakpoint
-- Signatures the money-path source changes (its functions are applied after the migrations).
DROP FUNCTION IF EXISTS game_wallet_read(text, text, text, timestamptz, boolean);--> statement-breakpoint
DROP FUNCTION IF EXISTS game_open_bonus_rounds(uuid, uuid, timestamptz);--> statement-breakpoint
DROP FUNCTION IF EXISTS game_record_call(game_sessions, uuid, text, text, game_rounds, text, text, text, bigint, text,
  jsonb, text, bigint, bigint, bigint, bigint, bigint, boolean, boolean, date, timestamptz, player_bonuses, bigint);
