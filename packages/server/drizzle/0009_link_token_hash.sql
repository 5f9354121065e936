-- Read-only link tokens are stored only as their SHA-256 hash, hex (ADR 172). Existing links keep working: their token is hashed in place.
ALTER TABLE "contract_links" RENAME COLUMN "token" TO "token_hash";--> statement-breakpoint
UPDATE "contract_links" SET "token_hash" = encode(sha256(convert_to("token_hash", 'UTF8')), 'hex');--> statement-breakpoint
DROP INDEX "contract_links_token_key";--> statement-breakpoint
CREATE UNIQUE INDEX "contract_links_token_hash_key" ON "contract_links" USING btree ("token_hash");
