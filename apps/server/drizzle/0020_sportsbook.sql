CREATE TABLE "sportsbook_restrictions" (
	"country" text NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sportsbook_restrictions_country_kind_ref_pk" PRIMARY KEY("country","kind","ref")
);
--> statement-breakpoint
CREATE TABLE "sportsbook_stake_limits" (
	"currency" text PRIMARY KEY NOT NULL,
	"max_bet_minor" bigint,
	"max_event_minor" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sportsbook_ticket_items" (
	"round_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"player_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"event" text NOT NULL,
	"stage" integer NOT NULL,
	"sport" text NOT NULL,
	"discipline" text NOT NULL,
	"tournament" text NOT NULL,
	"event_date" timestamp with time zone NOT NULL,
	"market" text NOT NULL,
	"outcome" text NOT NULL,
	"odds" integer NOT NULL,
	CONSTRAINT "sportsbook_ticket_items_round_id_position_pk" PRIMARY KEY("round_id","position")
);
--> statement-breakpoint
CREATE TABLE "sportsbook_tickets" (
	"round_id" uuid PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"ticket_type" integer NOT NULL,
	"odds" integer NOT NULL,
	"cashed_out" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_sport_clock" (
	"id" integer PRIMARY KEY NOT NULL,
	"anchor_real" timestamp with time zone NOT NULL,
	"anchor_sim" timestamp with time zone NOT NULL,
	"speed" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_sport_events" (
	"id" text PRIMARY KEY NOT NULL,
	"sport" text NOT NULL,
	"league" text NOT NULL,
	"home" text NOT NULL,
	"away" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"result" jsonb,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_sport_selections" (
	"ticket_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"event_id" text NOT NULL,
	"market" text NOT NULL,
	"outcome" text NOT NULL,
	"odds" integer NOT NULL,
	"result" text,
	CONSTRAINT "sandbox_sport_selections_ticket_id_position_pk" PRIMARY KEY("ticket_id","position")
);
--> statement-breakpoint
CREATE TABLE "sandbox_sport_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"mode" text NOT NULL,
	"casino_token" text,
	"player_ref" text,
	"client_id" text NOT NULL,
	"currency" text NOT NULL,
	"locale" text NOT NULL,
	"parent_origin" text NOT NULL,
	"balance" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_sport_sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "sandbox_sport_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"player_ref" text NOT NULL,
	"currency" text NOT NULL,
	"type" integer NOT NULL,
	"stake" bigint NOT NULL,
	"odds" integer NOT NULL,
	"status" text NOT NULL,
	"payout" bigint,
	"bet_tx_id" text NOT NULL,
	"settle_tx_id" text,
	"wallet_pending" boolean DEFAULT false NOT NULL,
	"wallet_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sportsbook_ticket_items" ADD CONSTRAINT "sportsbook_ticket_items_round_id_sportsbook_tickets_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."sportsbook_tickets"("round_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sportsbook_tickets" ADD CONSTRAINT "sportsbook_tickets_round_id_game_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."game_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sportsbook_tickets" ADD CONSTRAINT "sportsbook_tickets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_sport_selections" ADD CONSTRAINT "sandbox_sport_selections_ticket_id_sandbox_sport_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."sandbox_sport_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sportsbook_ticket_items_event_idx" ON "sportsbook_ticket_items" USING btree ("player_id","event_id");--> statement-breakpoint
CREATE INDEX "sportsbook_tickets_player_idx" ON "sportsbook_tickets" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_sport_events_starts_idx" ON "sandbox_sport_events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "sandbox_sport_events_status_idx" ON "sandbox_sport_events" USING btree ("status");--> statement-breakpoint
CREATE INDEX "sandbox_sport_selections_event_idx" ON "sandbox_sport_selections" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "sandbox_sport_tickets_session_idx" ON "sandbox_sport_tickets" USING btree ("player_ref","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_sport_tickets_status_idx" ON "sandbox_sport_tickets" USING btree ("status");