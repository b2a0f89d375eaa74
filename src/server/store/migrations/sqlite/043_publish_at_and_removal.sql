-- Scheduling and removal. An article, issue or news item is visible to the public from
-- publish_at (an ISO 8601 UTC time; the epoch for everything published before this migration), so
-- "visible now" is one range comparison every query can make. An article removed for legal
-- reasons keeps its row (OAI-PMH reports it deleted, its page answers 410) with removed_at set.
ALTER TABLE articles ADD COLUMN publish_at TEXT NOT NULL DEFAULT '1970-01-01T00:00:00.000Z';
ALTER TABLE articles ADD COLUMN removed_at TEXT;
ALTER TABLE articles ADD COLUMN removed_reason TEXT;
ALTER TABLE periods ADD COLUMN publish_at TEXT NOT NULL DEFAULT '1970-01-01T00:00:00.000Z';
ALTER TABLE news ADD COLUMN publish_at TEXT NOT NULL DEFAULT '1970-01-01T00:00:00.000Z';
-- the once-a-minute job asks which items became visible since its last tick
CREATE INDEX articles_publish_at ON articles(publish_at);
CREATE INDEX periods_publish_at ON periods(publish_at);
CREATE INDEX news_publish_at ON news(publish_at);
-- search compares with the current time too, so a scheduled item is found the moment it is visible
ALTER TABLE search_docs ADD COLUMN publish_at TEXT NOT NULL DEFAULT '1970-01-01T00:00:00.000Z';
-- the same job notices a removal (the count of a site's removed articles changes). Partial: a plain
-- index on removed_at would lure the planner into reading every row for "removed_at IS NULL".
CREATE INDEX articles_removed ON articles(site_id) WHERE removed_at IS NOT NULL;
