ALTER TABLE "players" ADD COLUMN "additional_address" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "nationality" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "place_of_birth" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "profession" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "personal_id_number" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "cpf_number" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "security_question" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "security_answer_hash" text;