CREATE TABLE "registry_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"remote" text NOT NULL,
	"action" text NOT NULL,
	"version" text,
	"percent" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_releases" (
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"manifest_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "remote_releases_remote_version_pk" PRIMARY KEY("remote","version")
);
--> statement-breakpoint
CREATE TABLE "remote_state" (
	"remote" text PRIMARY KEY NOT NULL,
	"active_version" text,
	"activated_at" timestamp with time zone,
	"activated_by" text,
	"canary_version" text,
	"canary_percent" integer,
	"canary_at" timestamp with time zone,
	"canary_by" text
);
--> statement-breakpoint
CREATE INDEX "registry_events_remote_idx" ON "registry_events" USING btree ("remote","id");