CREATE TABLE "sandbox_free_spin_grants" (
	"grant_id" text PRIMARY KEY NOT NULL,
	"player_ref" text NOT NULL,
	"game_identity" text NOT NULL,
	"currency" text NOT NULL,
	"count" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"stake" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_game_sessions" ADD COLUMN "player_ref" text;--> statement-breakpoint
CREATE INDEX "sandbox_free_spin_grants_player_idx" ON "sandbox_free_spin_grants" USING btree ("player_ref","game_identity");