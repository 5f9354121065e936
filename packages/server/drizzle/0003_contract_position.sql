ALTER TABLE "contracts" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing agreements keep the order they had (creation time, then id) as their position.
UPDATE "contracts" AS c SET "position" = ordered.place
FROM (SELECT "id", (row_number() OVER (PARTITION BY "owner_user_id" ORDER BY "created_at", "id") - 1)::integer AS place FROM "contracts") AS ordered
WHERE c."id" = ordered."id";
