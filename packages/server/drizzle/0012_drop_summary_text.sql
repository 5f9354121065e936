-- The stored sentences were turned into structured summaries by 0011; the client writes the sentence (describeChange).
ALTER TABLE "contract_revisions" DROP COLUMN "summary";