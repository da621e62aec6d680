-- The sportsbook's maximum stakes are set once in the base currency (EUR) and bound every currency at its
-- rate (game/sql/sportsbook.sql); the per-currency rows are gone. The EUR row carries over: a per-ticket
-- maximum left open becomes the per-event one (a ticket's stake rides on its events, so that is what bound
-- it); without an EUR row or a per-event maximum there is no rule, and sports tickets are refused until the
-- operator sets one (`npm run ops -- sportsbook limits set <maxBet> <maxEvent>`). Other currencies' rows
-- are dropped: EUR's, converted, now bound them.
CREATE TABLE "sportsbook_stake_rule" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"max_bet_minor" bigint NOT NULL,
	"max_event_minor" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sportsbook_stake_rule_one_row" CHECK ("sportsbook_stake_rule"."id"),
	CONSTRAINT "sportsbook_stake_rule_positive" CHECK ("sportsbook_stake_rule"."max_bet_minor" > 0 and "sportsbook_stake_rule"."max_event_minor" > 0)
);
--> statement-breakpoint
INSERT INTO "sportsbook_stake_rule" ("id", "max_bet_minor", "max_event_minor", "updated_at")
SELECT true, coalesce("max_bet_minor", "max_event_minor"), "max_event_minor", "updated_at"
  FROM "sportsbook_stake_limits"
 WHERE "currency" = 'EUR' AND "max_event_minor" IS NOT NULL;
--> statement-breakpoint
DROP TABLE "sportsbook_stake_limits" CASCADE;--> statement-breakpoint
-- The rates the database converts with (synced from the currency list at every start, as the scales are).
ALTER TABLE "currency_scales" ADD COLUMN "rate_e8" bigint;--> statement-breakpoint
ALTER TABLE "currency_scales" ADD COLUMN "is_base" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "currency_scales" ADD CONSTRAINT "currency_scales_rate_positive" CHECK ("currency_scales"."rate_e8" > 0);--> statement-breakpoint
-- The sandbox sportsbook keeps the rules its launch told it.
ALTER TABLE "sandbox_sport_sessions" ADD COLUMN "rules" jsonb;
