CREATE SCHEMA IF NOT EXISTS "release";
--> statement-breakpoint
CREATE TABLE "release"."registry_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"remote" text NOT NULL,
	"action" text NOT NULL,
	"version" text,
	"percent" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by" text NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "release"."release_tokens" (
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
CREATE TABLE "release"."remote_activations" (
	"id" serial PRIMARY KEY NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by" text NOT NULL,
	"reason" text NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "release"."remote_health" (
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"page_type" text NOT NULL,
	"kind" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "remote_health_remote_version_page_type_kind_minute_pk" PRIMARY KEY("remote","version","page_type","kind","minute")
);
--> statement-breakpoint
CREATE TABLE "release"."remote_releases" (
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"manifest_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"meta" jsonb,
	"checks" jsonb,
	"pruned" boolean DEFAULT false NOT NULL,
	CONSTRAINT "remote_releases_remote_version_pk" PRIMARY KEY("remote","version")
);
--> statement-breakpoint
CREATE TABLE "release"."remote_state" (
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
CREATE INDEX "registry_events_remote_idx" ON "release"."registry_events" USING btree ("remote","id");--> statement-breakpoint
CREATE INDEX "remote_activations_remote_idx" ON "release"."remote_activations" USING btree ("remote","id");