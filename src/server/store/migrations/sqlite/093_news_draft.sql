-- A news item the editor unpublished is a draft: hidden from every public list, page, feed, search
-- and sitemap whatever its publish time, which it keeps for when it is published again. Items the
-- console unpublished before this column held the publish time 9999-12-31: they become drafts.
ALTER TABLE news ADD COLUMN draft INTEGER NOT NULL DEFAULT 0;
UPDATE news SET draft = 1 WHERE publish_at >= '9999-12-31';
