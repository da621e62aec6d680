CREATE TABLE "content_entries" (
	"area" text NOT NULL,
	"identity" text NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text,
	"position" integer DEFAULT 0 NOT NULL,
	"blocks" jsonb NOT NULL,
	"source_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_entries_area_identity_locale_pk" PRIMARY KEY("area","identity","locale")
);
