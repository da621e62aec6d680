CREATE TABLE "player_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"token_id" text NOT NULL,
	"ip" text,
	"country" text,
	"user_agent" text,
	"device_type" text,
	"fingerprint" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"close_reason" text
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "players_external_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1),
	"email" text,
	"password_hash" text,
	"status" integer DEFAULT 1 NOT NULL,
	"currency" text,
	"country" text,
	"locale" text,
	"time_zone" text,
	"nickname" text,
	"first_name" text,
	"last_name" text,
	"gender" text,
	"birthdate" text,
	"phone" text,
	"phone_confirmed" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp with time zone,
	"receive_email_promo" boolean DEFAULT false NOT NULL,
	"receive_sms_promo" boolean DEFAULT false NOT NULL,
	"agreed_tc" boolean DEFAULT false NOT NULL,
	"affiliate_tag" text,
	"freshchat_restore_id" text,
	"registration_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"kind" text NOT NULL,
	"real_delta" bigint NOT NULL,
	"bonus_delta" bigint NOT NULL,
	"locked_delta" bigint NOT NULL,
	"real_after" bigint NOT NULL,
	"bonus_after" bigint NOT NULL,
	"locked_after" bigint NOT NULL,
	"reference" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"real_balance" bigint DEFAULT 0 NOT NULL,
	"bonus_balance" bigint DEFAULT 0 NOT NULL,
	"locked_balance" bigint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "wallet_accounts_real_non_negative" CHECK ("wallet_accounts"."real_balance" >= 0),
	CONSTRAINT "wallet_accounts_bonus_non_negative" CHECK ("wallet_accounts"."bonus_balance" >= 0),
	CONSTRAINT "wallet_accounts_locked_non_negative" CHECK ("wallet_accounts"."locked_balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event" text NOT NULL,
	"channel" text,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "player_sessions" ADD CONSTRAINT "player_sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_wallet_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_sessions_player_idx" ON "player_sessions" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "player_sessions_open_idx" ON "player_sessions" USING btree ("player_id") WHERE closed_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "players_email_key" ON "players" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "players_external_id_key" ON "players" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_key" ON "ledger_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_player_currency_key" ON "wallet_accounts" USING btree ("player_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_accounts_one_active_key" ON "wallet_accounts" USING btree ("player_id") WHERE is_active;--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("id") WHERE dispatched_at is null;