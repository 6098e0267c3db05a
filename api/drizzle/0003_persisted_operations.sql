CREATE TABLE "persisted_operations" (
	"id" text NOT NULL,
	"document" text NOT NULL,
	"app" text NOT NULL,
	"version" text NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"registered_by" text NOT NULL,
	CONSTRAINT "persisted_operations_id_app_version_pk" PRIMARY KEY("id","app","version")
);
--> statement-breakpoint
CREATE INDEX "persisted_operations_registered_idx" ON "persisted_operations" USING btree ("registered_at");