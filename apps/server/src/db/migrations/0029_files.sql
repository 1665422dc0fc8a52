CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_key_complete" ON "stored_files" USING btree ("key") WHERE "stored_files"."completed_at" is not null;
--> statement-breakpoint
CREATE INDEX "stored_files_incomplete" ON "stored_files" USING btree ("created_at") WHERE "stored_files"."completed_at" is null;
--> statement-breakpoint
CREATE TABLE "stored_file_chunks" (
	"file_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "stored_file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
-- Chunks are already compressed images and videos: storing them out of line without a
-- second compression saves the CPU and lets a range read fetch only its chunks.
ALTER TABLE "stored_file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;
