CREATE TABLE "bonus_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"definition_id" uuid NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"max_uses" integer,
	"max_uses_per_player" integer DEFAULT 1 NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"currencies" text[] DEFAULT '{}' NOT NULL,
	"countries" text[] DEFAULT '{}' NOT NULL,
	"available_from" timestamp with time zone,
	"available_to" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "bonus_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_packages_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "cashback_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"definition_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"net_loss_minor" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"bonus_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashback_payouts_once" UNIQUE("definition_id","account_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "player_bonus_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"code_id" uuid,
	"bonus_code" text NOT NULL,
	"trigger" integer NOT NULL,
	"status" integer NOT NULL,
	"result" integer DEFAULT 1 NOT NULL,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "player_freespins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"definition_id" uuid NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"game_id" uuid NOT NULL,
	"count" integer NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"stake_minor" bigint NOT NULL,
	"win_minor" bigint DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"result" integer DEFAULT 1 NOT NULL,
	"grant_id" text NOT NULL,
	"bonus_id" uuid,
	"source" text NOT NULL,
	"invoice_id" uuid,
	"code_use_id" uuid,
	"package_id" uuid,
	"package_priority" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activation_expires_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "player_freespins_grant_id_unique" UNIQUE("grant_id")
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "receive_bonus" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_invoices" ADD COLUMN "bonus_id" uuid;--> statement-breakpoint
ALTER TABLE "bonus_definitions" ADD COLUMN "type" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_definitions" ADD COLUMN "deposit_percentage" integer;--> statement-breakpoint
ALTER TABLE "bonus_definitions" ADD COLUMN "max_amounts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_definitions" ADD COLUMN "trigger_conditions" jsonb;--> statement-breakpoint
ALTER TABLE "bonus_definitions" ADD COLUMN "freespin_count" integer;--> statement-breakpoint
ALTER TABLE "bonus_definitions" ADD COLUMN "freespin_game_id" uuid;--> statement-breakpoint
ALTER TABLE "bonus_definitions" ADD COLUMN "freespin_stakes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_definitions" ADD COLUMN "cashback_percentage" integer;--> statement-breakpoint
ALTER TABLE "bonus_definitions" ADD COLUMN "cashback_period" text;--> statement-breakpoint
ALTER TABLE "bonus_definitions" ADD COLUMN "package_id" uuid;--> statement-breakpoint
ALTER TABLE "bonus_definitions" ADD COLUMN "package_priority" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_definitions" ADD COLUMN "promotional" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_definitions" ADD COLUMN "available_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bonus_definitions" ADD COLUMN "available_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD COLUMN "code_use_id" uuid;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD COLUMN "package_id" uuid;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD COLUMN "package_priority" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_codes" ADD CONSTRAINT "bonus_codes_definition_id_bonus_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."bonus_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_payouts" ADD CONSTRAINT "cashback_payouts_definition_id_bonus_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."bonus_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_payouts" ADD CONSTRAINT "cashback_payouts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_payouts" ADD CONSTRAINT "cashback_payouts_account_id_wallet_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_payouts" ADD CONSTRAINT "cashback_payouts_bonus_id_player_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."player_bonuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonus_codes" ADD CONSTRAINT "player_bonus_codes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonus_codes" ADD CONSTRAINT "player_bonus_codes_code_id_bonus_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."bonus_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_freespins" ADD CONSTRAINT "player_freespins_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_freespins" ADD CONSTRAINT "player_freespins_account_id_wallet_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_freespins" ADD CONSTRAINT "player_freespins_definition_id_bonus_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."bonus_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_freespins" ADD CONSTRAINT "player_freespins_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_freespins" ADD CONSTRAINT "player_freespins_bonus_id_player_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."player_bonuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_bonus_codes_player_idx" ON "player_bonus_codes" USING btree ("player_id","trigger","status");--> statement-breakpoint
CREATE INDEX "player_freespins_player_idx" ON "player_freespins" USING btree ("player_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "player_freespins_invoice_idx" ON "player_freespins" USING btree ("invoice_id") WHERE invoice_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_definitions" ADD CONSTRAINT "bonus_definitions_freespin_game_id_games_id_fk" FOREIGN KEY ("freespin_game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_definitions" ADD CONSTRAINT "bonus_definitions_package_id_bonus_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."bonus_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_invoice_idx" ON "player_bonuses" USING btree ("invoice_id") WHERE invoice_id IS NOT NULL;