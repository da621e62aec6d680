CREATE TABLE "player_verifications" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"applicant_id" text,
	"status" text DEFAULT 'init' NOT NULL,
	"reason" text,
	"reviewed_at" timestamp with time zone,
	"event_at_ms" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_kyc_applicants" (
	"id" text PRIMARY KEY NOT NULL,
	"external_user_id" uuid NOT NULL,
	"level_name" text NOT NULL,
	"status" text DEFAULT 'init' NOT NULL,
	"review_answer" text,
	"comment" text,
	"document_type" text,
	"received" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_kyc_applicants_external_user_id_unique" UNIQUE("external_user_id")
);
--> statement-breakpoint
ALTER TABLE "player_verifications" ADD CONSTRAINT "player_verifications_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;