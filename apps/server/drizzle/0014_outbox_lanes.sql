CREATE TABLE "outbox_cursors" (
	"consumer" text PRIMARY KEY NOT NULL,
	"tx" "xid8" DEFAULT '0'::xid8 NOT NULL,
	"position" bigint DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"last_error" text,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_order_idx" ON "outbox" USING btree ("tx","id");--> statement-breakpoint
-- Delivered rows go (every consumer had them); the undelivered stay for the lanes to start from. Rows
-- are domain events now and pushes are derived from them: the channel column goes, and an e-mail
-- waiting under its old event name takes the new one (same payload).
DELETE FROM "outbox" WHERE "dispatched_at" IS NOT NULL;--> statement-breakpoint
UPDATE "outbox" SET "event" = 'message.queued' WHERE "event" = 'message.send';--> statement-breakpoint
ALTER TABLE "outbox" DROP COLUMN "channel";--> statement-breakpoint
DROP INDEX "outbox_pending_idx";--> statement-breakpoint
ALTER TABLE "outbox" DROP COLUMN "dispatched_at";
