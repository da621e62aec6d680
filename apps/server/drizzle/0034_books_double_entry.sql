CREATE TABLE "ledger_day_balances" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"account" text NOT NULL,
	"wallet_account_id" uuid NOT NULL,
	"opening" bigint NOT NULL,
	"debits" bigint NOT NULL,
	"credits" bigint NOT NULL,
	"closing" bigint NOT NULL,
	CONSTRAINT "ledger_day_balances_day_currency_account_wallet_account_id_pk" PRIMARY KEY("day","currency","account","wallet_account_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_day_closes" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"trial_balance" bigint NOT NULL,
	"liability_real" bigint NOT NULL,
	"liability_bonus" bigint NOT NULL,
	"liability_locked" bigint NOT NULL,
	"entries" bigint NOT NULL,
	"accounts_off" bigint NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_day_closes_day_currency_pk" PRIMARY KEY("day","currency")
);
--> statement-breakpoint
-- Double entry (docs/books.md): every entry names its other side. The history gets it from its kind and
-- what the entry refers to; an entry of a kind this code never wrote (none are known) counts as an
-- operator's adjustment, so the books still balance and the entry is there to be found.
ALTER TABLE "ledger_entries" ADD COLUMN "counterparty" text;--> statement-breakpoint
UPDATE "ledger_entries" l SET "counterparty" = 'psp:' || i.provider || '/' || i.method
  FROM "payment_invoices" i
 WHERE l.kind IN ('deposit', 'withdrawal-paid') AND i.id::text = l.reference ->> 'invoiceId';--> statement-breakpoint
UPDATE "ledger_entries" l
   SET "counterparty" = CASE WHEN g.type = 'sportsbook' THEN 'sports:' ELSE 'casino:' END || g.aggregator || '/' || p.identity
  FROM "game_sessions" s JOIN "games" g ON g.id = s.game_id JOIN "game_providers" p ON p.id = g.provider_id
 WHERE l.kind IN ('bet', 'win', 'rollback') AND s.id::text = l.reference ->> 'sessionId';--> statement-breakpoint
UPDATE "ledger_entries" l SET "counterparty" = 'bonus:' || b.source
  FROM "player_bonuses" b
 WHERE l.kind = 'bonus' AND b.id::text = l.reference ->> 'bonusId';--> statement-breakpoint
UPDATE "ledger_entries" SET "counterparty" = 'internal'
 WHERE "counterparty" IS NULL AND kind IN ('withdrawal', 'withdrawal-return');--> statement-breakpoint
UPDATE "ledger_entries" SET "counterparty" = 'adjustment' WHERE "counterparty" IS NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "counterparty" SET NOT NULL;--> statement-breakpoint
-- The posting functions take the counterparty, and the game's read names it: their old forms go.
DROP FUNCTION IF EXISTS wallet_post_locked(wallet_accounts, text, text, bigint, bigint, bigint, jsonb);--> statement-breakpoint
DROP FUNCTION IF EXISTS wallet_post(uuid, text, text, bigint, bigint, bigint, jsonb);--> statement-breakpoint
DROP FUNCTION IF EXISTS game_wallet_read(text, text, text, timestamptz, boolean);--> statement-breakpoint
-- The sandbox payment provider dates what succeeded, for its daily statement.
ALTER TABLE "sandbox_pay_payments" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sandbox_pay_payments" SET "settled_at" = coalesce("updated_at", "created_at") WHERE status = 'succeeded';--> statement-breakpoint
CREATE INDEX "ledger_day_balances_account_idx" ON "ledger_day_balances" USING btree ("currency","account","wallet_account_id","day");--> statement-breakpoint
CREATE INDEX "ledger_entries_created_brin" ON "ledger_entries" USING brin ("created_at");