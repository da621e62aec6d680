CREATE TABLE "game_collection_games" (
	"collection_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "game_collection_games_collection_id_game_id_pk" PRIMARY KEY("collection_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_collections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"identity" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	CONSTRAINT "game_collections_identity_unique" UNIQUE("identity")
);
--> statement-breakpoint
CREATE TABLE "game_favorites" (
	"player_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_favorites_player_id_game_id_pk" PRIMARY KEY("player_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_labels" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "game_plays" (
	"player_id" uuid NOT NULL,
	"game_id" uuid NOT NULL,
	"last_played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_plays_player_id_game_id_pk" PRIMARY KEY("player_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "game_providers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"identity" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "game_providers_identity_unique" UNIQUE("identity")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" uuid PRIMARY KEY NOT NULL,
	"identity" text NOT NULL,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"provider_id" uuid NOT NULL,
	"engine" text NOT NULL,
	"type" text NOT NULL,
	"volatility" text NOT NULL,
	"paylines" integer NOT NULL,
	"is_demo_mode" boolean NOT NULL,
	"platforms" integer[] NOT NULL,
	"blocked_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"popularity" integer NOT NULL,
	"position" integer NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"screen_width_ratio" integer,
	"screen_height_ratio" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_collection_games" ADD CONSTRAINT "game_collection_games_collection_id_game_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."game_collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_collection_games" ADD CONSTRAINT "game_collection_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_favorites" ADD CONSTRAINT "game_favorites_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_favorites" ADD CONSTRAINT "game_favorites_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_plays" ADD CONSTRAINT "game_plays_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_plays" ADD CONSTRAINT "game_plays_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_provider_id_game_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."game_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_collection_games_game_idx" ON "game_collection_games" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "game_plays_recent_idx" ON "game_plays" USING btree ("player_id","last_played_at");--> statement-breakpoint
CREATE UNIQUE INDEX "games_identity_key" ON "games" USING btree ("identity");--> statement-breakpoint
CREATE INDEX "games_provider_idx" ON "games" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "games_position_idx" ON "games" USING btree ("position");--> statement-breakpoint
CREATE INDEX "games_popularity_idx" ON "games" USING btree ("popularity");