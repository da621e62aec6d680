ALTER TABLE "sandbox_free_spin_grants" ADD COLUMN "won" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_free_spin_grants" ADD COLUMN "wager_multiplier" integer;