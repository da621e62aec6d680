CREATE TABLE "player_devices" (
	"player_id" uuid NOT NULL,
	"device_hash" text NOT NULL,
	"client" text,
	"last_session_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "player_devices_player_id_device_hash_pk" PRIMARY KEY("player_id","device_hash")
);
--> statement-breakpoint
CREATE TABLE "player_instruments" (
	"kind" text NOT NULL,
	"fingerprint" text NOT NULL,
	"player_id" uuid NOT NULL,
	"label" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_instruments_kind_fingerprint_player_id_pk" PRIMARY KEY("kind","fingerprint","player_id")
);
--> statement-breakpoint
ALTER TABLE "bonus_definitions" ADD COLUMN "one_per_person" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "player_bonus_codes" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "player_devices" ADD CONSTRAINT "player_devices_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_instruments" ADD CONSTRAINT "player_instruments_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_devices_device_idx" ON "player_devices" USING btree ("device_hash");--> statement-breakpoint
CREATE INDEX "player_instruments_player_idx" ON "player_instruments" USING btree ("player_id");