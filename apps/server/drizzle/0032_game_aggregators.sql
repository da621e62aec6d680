ALTER TABLE "games" ADD COLUMN "aggregator" text DEFAULT 'native' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_game_sessions" ADD COLUMN "party" text DEFAULT 'games' NOT NULL;