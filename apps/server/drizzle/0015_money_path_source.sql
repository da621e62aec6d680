CREATE TABLE "sql_sources" (
	"file" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_play_counts" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"stake_real" bigint DEFAULT 0 NOT NULL,
	"stake_bonus" bigint DEFAULT 0 NOT NULL,
	"win_real" bigint DEFAULT 0 NOT NULL,
	"win_bonus" bigint DEFAULT 0 NOT NULL,
	"at_risk" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "wallet_play_counts_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "bet_bonus_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD COLUMN "win_bonus_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_play_counts" ADD CONSTRAINT "wallet_play_counts_account_id_wallet_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Play so far, counted as the bet now counts it: stakes and wins of applied transactions on their day,
-- the turnover rule's money at risk of closed rounds on the day they closed.
INSERT INTO "wallet_play_counts" (account_id, day, stake_real, win_real)
SELECT r.account_id, (t.created_at AT TIME ZONE 'UTC')::date,
       coalesce(sum(t.amount_minor) FILTER (WHERE t.kind = 'bet'), 0),
       coalesce(sum(t.amount_minor) FILTER (WHERE t.kind = 'win'), 0)
  FROM game_transactions t JOIN game_rounds r ON r.id = t.round_id
 WHERE t.status = 'applied' AND t.kind IN ('bet', 'win')
 GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "wallet_play_counts" AS c (account_id, day, at_risk)
SELECT account_id, (closed_at AT TIME ZONE 'UTC')::date, sum(least(bet_minor, abs(win_minor - bet_minor)))
  FROM game_rounds WHERE closed AND closed_at IS NOT NULL
 GROUP BY 1, 2
ON CONFLICT (account_id, day) DO UPDATE SET at_risk = EXCLUDED.at_risk;
--> statement-breakpoint
-- The money path's functions now live as source in each module (modules/<module>/sql/*.sql), applied
-- after the migrations: the versions 0002 created go, whatever their signatures, and the source
-- creates them anew.
DO $$
DECLARE
  f regprocedure;
BEGIN
  FOR f IN SELECT p.oid::regprocedure FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
            WHERE n.nspname = 'public' AND p.proname ~ '^(money_major|wallet_|player_play_state|limits_|game_)'
  LOOP
    EXECUTE 'DROP FUNCTION ' || f || ' CASCADE';
  END LOOP;
END $$;
