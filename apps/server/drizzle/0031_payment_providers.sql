CREATE TABLE "sandbox_orbit_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"object" text NOT NULL,
	"merchant_ref" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"state" text NOT NULL,
	"decline_code" text,
	"return_url" text,
	"cancel_url" text,
	"recipient_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "payment_invoices_provider_payment_key";--> statement-breakpoint
ALTER TABLE "payment_invoices" ADD COLUMN "provider" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_orbit_objects_ref_key" ON "sandbox_orbit_objects" USING btree ("object","merchant_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_invoices_provider_payment_key" ON "payment_invoices" USING btree ("provider","provider_payment_id");