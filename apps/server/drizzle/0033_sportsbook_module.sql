-- The sportsbook becomes a module of its own: a ticket carries its round's currency, current stake and
-- whether it is settled (closed or voided), so the sportsbook's rules read no table of the game module's.
ALTER TABLE "sportsbook_tickets" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "sportsbook_tickets" ADD COLUMN "stake_minor" bigint;--> statement-breakpoint
ALTER TABLE "sportsbook_tickets" ADD COLUMN "settled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "sportsbook_tickets" t
   SET "currency" = r.currency, "stake_minor" = r.bet_minor, "settled" = (r.closed OR r.status = 4)
  FROM "game_rounds" r
 WHERE r.id = t.round_id;--> statement-breakpoint
ALTER TABLE "sportsbook_tickets" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sportsbook_tickets" ALTER COLUMN "stake_minor" SET NOT NULL;--> statement-breakpoint
-- The game module's functions of the sportsbook's rules, now the sportsbook's own (sportsbook/sql).
DROP FUNCTION IF EXISTS game_sportsbook_refusal(game_sessions, jsonb, bigint);--> statement-breakpoint
DROP FUNCTION IF EXISTS game_sportsbook_record(game_sessions, uuid, text, jsonb, timestamptz);--> statement-breakpoint
DROP FUNCTION IF EXISTS game_sportsbook_limits_in(text);--> statement-breakpoint
DROP FUNCTION IF EXISTS game_sportsbook_wire_amount(numeric);
