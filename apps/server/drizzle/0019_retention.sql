CREATE TABLE "loyalty_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"level_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "loyalty_accounts_player_id_unique" UNIQUE("player_id")
);
--> statement-breakpoint
CREATE TABLE "loyalty_level_rewards" (
	"player_id" uuid NOT NULL,
	"level_id" uuid NOT NULL,
	"result" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_level_rewards_player_id_level_id_pk" PRIMARY KEY("player_id","level_id")
);
--> statement-breakpoint
CREATE TABLE "loyalty_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"points" bigint NOT NULL,
	"reward_bonus" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_levels_name_unique" UNIQUE("name"),
	CONSTRAINT "loyalty_levels_position_unique" UNIQUE("position")
);
--> statement-breakpoint
CREATE TABLE "loyalty_point_entries" (
	"player_id" uuid NOT NULL,
	"source_key" text NOT NULL,
	"points" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_point_entries_player_id_source_key_pk" PRIMARY KEY("player_id","source_key")
);
--> statement-breakpoint
CREATE TABLE "loyalty_rates" (
	"game_type" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"per_minor" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_quest_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_quest_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"execution_order" integer NOT NULL,
	"type" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit" text NOT NULL,
	"quantity" bigint NOT NULL,
	"progress" bigint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"conditions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "player_quests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"quest_id" uuid NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"end_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"rewarded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "quest_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"task_execution_order" integer DEFAULT 0 NOT NULL,
	"concurrent" boolean DEFAULT false NOT NULL,
	"duration_hours" integer,
	"available_from" timestamp with time zone,
	"available_to" timestamp with time zone,
	"tasks" jsonb NOT NULL,
	"rewards" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quest_definitions_identity_unique" UNIQUE("identity")
);
--> statement-breakpoint
CREATE TABLE "quest_reward_payouts" (
	"player_quest_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"result" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quest_reward_payouts_player_quest_id_position_pk" PRIMARY KEY("player_quest_id","position")
);
--> statement-breakpoint
CREATE TABLE "quest_task_events" (
	"task_id" uuid NOT NULL,
	"event_key" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quest_task_events_task_id_event_key_pk" PRIMARY KEY("task_id","event_key")
);
--> statement-breakpoint
CREATE TABLE "tournament_awards" (
	"tournament_id" uuid NOT NULL,
	"place" integer NOT NULL,
	"player_id" uuid NOT NULL,
	"points" bigint NOT NULL,
	"result" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_awards_tournament_id_place_pk" PRIMARY KEY("tournament_id","place")
);
--> statement-breakpoint
CREATE TABLE "tournament_entries" (
	"tournament_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_entries_tournament_id_player_id_pk" PRIMARY KEY("tournament_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "tournament_rounds" (
	"tournament_id" uuid NOT NULL,
	"round_id" text NOT NULL,
	"player_id" uuid NOT NULL,
	"stake_minor" bigint NOT NULL,
	"win_minor" bigint NOT NULL,
	"points" bigint NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tournament_rounds_tournament_id_round_id_pk" PRIMARY KEY("tournament_id","round_id")
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"state" integer DEFAULT 2 NOT NULL,
	"scoring" text NOT NULL,
	"min_stake_minor" bigint,
	"game_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"collections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"prizes" jsonb NOT NULL,
	"recurrence" text,
	"series" text,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournaments_identity_unique" UNIQUE("identity")
);
--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD CONSTRAINT "loyalty_accounts_level_id_loyalty_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."loyalty_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_level_rewards" ADD CONSTRAINT "loyalty_level_rewards_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_level_rewards" ADD CONSTRAINT "loyalty_level_rewards_level_id_loyalty_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."loyalty_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_point_entries" ADD CONSTRAINT "loyalty_point_entries_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_quest_tasks" ADD CONSTRAINT "player_quest_tasks_player_quest_id_player_quests_id_fk" FOREIGN KEY ("player_quest_id") REFERENCES "public"."player_quests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_quest_tasks" ADD CONSTRAINT "player_quest_tasks_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_quests" ADD CONSTRAINT "player_quests_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_quests" ADD CONSTRAINT "player_quests_quest_id_quest_definitions_id_fk" FOREIGN KEY ("quest_id") REFERENCES "public"."quest_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_reward_payouts" ADD CONSTRAINT "quest_reward_payouts_player_quest_id_player_quests_id_fk" FOREIGN KEY ("player_quest_id") REFERENCES "public"."player_quests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quest_task_events" ADD CONSTRAINT "quest_task_events_task_id_player_quest_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."player_quest_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_awards" ADD CONSTRAINT "tournament_awards_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_awards" ADD CONSTRAINT "tournament_awards_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD CONSTRAINT "tournament_entries_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD CONSTRAINT "tournament_entries_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_rounds" ADD CONSTRAINT "tournament_rounds_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_quest_tasks_quest_idx" ON "player_quest_tasks" USING btree ("player_quest_id");--> statement-breakpoint
CREATE INDEX "player_quest_tasks_open_idx" ON "player_quest_tasks" USING btree ("player_id","type") WHERE is_active and not is_completed;--> statement-breakpoint
CREATE INDEX "player_quests_player_idx" ON "player_quests" USING btree ("player_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "player_quests_once_idx" ON "player_quests" USING btree ("player_id","quest_id") WHERE state < 5;--> statement-breakpoint
CREATE INDEX "player_quests_due_idx" ON "player_quests" USING btree ("end_at") WHERE state in (1, 2);--> statement-breakpoint
CREATE INDEX "tournament_entries_rank_idx" ON "tournament_entries" USING btree ("tournament_id","points" DESC NULLS LAST,"reached_at");--> statement-breakpoint
CREATE INDEX "tournament_rounds_player_idx" ON "tournament_rounds" USING btree ("tournament_id","player_id");--> statement-breakpoint
CREATE INDEX "tournaments_state_idx" ON "tournaments" USING btree ("state","end_at");