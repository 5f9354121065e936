-- What a revision changed is stored as counts and names (domain history.ts ChangeSummarySchema), written as a sentence when shown.
ALTER TABLE "contract_revisions" ADD COLUMN "change" jsonb DEFAULT '{"counts":{},"categories":[],"moreCategories":0}'::jsonb NOT NULL;--> statement-breakpoint
-- The sentences stored before (domain history.ts summariseChange's grammar) become structured summaries (ChangeSummarySchema); migration 0012 then drops the sentences.
CREATE FUNCTION pg_temp.bpa_change_of(summary text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $fn$
DECLARE
  body text := summary;
  result jsonb := jsonb_build_object('counts', '{}'::jsonb, 'categories', '[]'::jsonb, 'moreCategories', 0);
  m text[];
  part text;
BEGIN
  IF body = '' THEN
    RETURN result || jsonb_build_object('isUnrecorded', true);
  END IF;
  m := regexp_match(body, '^(?:made from|loaded) the template "(.*?)"(?:: (.*))?$');
  IF m IS NOT NULL THEN
    result := result || jsonb_build_object('template', m[1]);
    body := coalesce(m[2], '');
  ELSE
    m := regexp_match(body, '^imported "(.*?)"(?:: (.*))?$');
    IF m IS NOT NULL THEN
      result := result || jsonb_build_object('importedFile', m[1]);
      body := coalesce(m[2], '');
    ELSE
      m := regexp_match(body, '^restored revision ([0-9]+)(?:: (.*))?$');
      IF m IS NOT NULL THEN
        result := result || jsonb_build_object('restoredRevision', m[1]::int);
        body := coalesce(m[2], '');
      END IF;
    END IF;
  END IF;
  IF body = 'no changes' THEN
    body := '';
  END IF;
  m := regexp_match(body, '^renamed the agreement to "(.*?)"(?:; (.*))?$');
  IF m IS NOT NULL THEN
    result := result || jsonb_build_object('renamedTo', m[1]);
    body := coalesce(m[2], '');
  END IF;
  IF body = 'removed the player names' OR left(body, 26) = 'removed the player names; ' THEN
    result := result || jsonb_build_object('players', '');
    body := substr(body, 27);
  ELSE
    m := regexp_match(body, '^players: (.*?)(?:; ((?:ticked|unticked|renamed|added|removed|noted) [0-9]+.*))?$');
    IF m IS NOT NULL THEN
      result := result || jsonb_build_object('players', m[1]);
      body := coalesce(m[2], '');
    END IF;
  END IF;
  m := regexp_match(body, '^((?:ticked|unticked|renamed|added|removed|noted) [0-9]+(?:, (?:ticked|unticked|renamed|added|removed|noted) [0-9]+)*) in (.*?)(?: and ([0-9]+) more)?$');
  IF m IS NOT NULL THEN
    FOREACH part IN ARRAY string_to_array(m[1], ', ') LOOP
      result := jsonb_set(result, ARRAY['counts', split_part(part, ' ', 1)], to_jsonb(split_part(part, ' ', 2)::int));
    END LOOP;
    result := result || jsonb_build_object('categories', to_jsonb(string_to_array(m[2], '; ')), 'moreCategories', coalesce(m[3]::int, 0));
  END IF;
  RETURN result;
END
$fn$;--> statement-breakpoint
UPDATE "contract_revisions" SET "change" = pg_temp.bpa_change_of("summary");--> statement-breakpoint
DROP FUNCTION pg_temp.bpa_change_of(text);
