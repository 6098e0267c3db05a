ALTER TABLE "photos" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "color" text;--> statement-breakpoint
CREATE INDEX "photos_source_idx" ON "photos" USING btree ("source");