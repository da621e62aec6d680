ALTER TABLE "outbox" ADD COLUMN "v" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_parked" ADD COLUMN "v" smallint DEFAULT 1 NOT NULL;