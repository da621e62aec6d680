CREATE TABLE "payment_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"player_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"type" integer NOT NULL,
	"state" text NOT NULL,
	"method" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"provider_payment_id" text,
	"public_data" jsonb,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status_result" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "payment_invoices_amount_positive" CHECK ("payment_invoices"."amount_minor" > 0),
	CONSTRAINT "payment_invoices_type_known" CHECK ("payment_invoices"."type" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_pay_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text NOT NULL,
	"return_url" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" text,
	"confirm_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_invoices" ADD CONSTRAINT "payment_invoices_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_invoices" ADD CONSTRAINT "payment_invoices_account_id_wallet_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wallet_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_invoices_number_key" ON "payment_invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "payment_invoices_player_idx" ON "payment_invoices" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_invoices_state_idx" ON "payment_invoices" USING btree ("state","type");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_invoices_provider_payment_key" ON "payment_invoices" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "sandbox_pay_payments_confirm_idx" ON "sandbox_pay_payments" USING btree ("confirm_at") WHERE "status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_pay_payments_reference_key" ON "sandbox_pay_payments" USING btree ("kind","reference");
