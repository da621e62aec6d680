CREATE TABLE "outbox_parked" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_parked_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"consumer" text NOT NULL,
	"outbox_id" bigint NOT NULL,
	"tx" "xid8" NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'parked' NOT NULL,
	"failures" integer NOT NULL,
	"last_error" text NOT NULL,
	"parked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_parked_consumer_row" UNIQUE("consumer","outbox_id"),
	CONSTRAINT "outbox_parked_state" CHECK ("outbox_parked"."state" in ('parked', 'retry', 'delivered', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "outbox_cursors" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_parked_retry_idx" ON "outbox_parked" USING btree ("consumer") WHERE state = 'retry';