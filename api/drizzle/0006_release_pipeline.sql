CREATE TABLE "release_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"remote" text,
	"token_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "release_tokens_name_unique" UNIQUE("name"),
	CONSTRAINT "release_tokens_token_sha256_unique" UNIQUE("token_sha256")
);
--> statement-breakpoint
CREATE TABLE "remote_activations" (
	"id" serial PRIMARY KEY NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by" text NOT NULL,
	"reason" text NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "remote_health" (
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"page_type" text NOT NULL,
	"kind" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "remote_health_remote_version_page_type_kind_minute_pk" PRIMARY KEY("remote","version","page_type","kind","minute")
);
--> statement-breakpoint
ALTER TABLE "registry_events" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "remote_releases" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "remote_releases" ADD COLUMN "meta" jsonb;--> statement-breakpoint
ALTER TABLE "remote_releases" ADD COLUMN "checks" jsonb;--> statement-breakpoint
ALTER TABLE "remote_releases" ADD COLUMN "pruned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "remote_activations_remote_idx" ON "remote_activations" USING btree ("remote","id");--> statement-breakpoint
-- the activation stack starts from the history already recorded (activate and promote events, oldest first)
INSERT INTO "remote_activations" ("remote", "version", "at", "by", "reason")
SELECT "remote", "version", "at", "by", "action" FROM "registry_events"
WHERE "action" IN ('activate', 'promote') AND "version" IS NOT NULL ORDER BY "id";
