ALTER TABLE "players" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "postal_code" text;