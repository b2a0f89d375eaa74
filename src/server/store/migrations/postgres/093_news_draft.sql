-- Twin of the SQLite migration 093: an unpublished news item is a draft, whatever its publish time.
ALTER TABLE news ADD COLUMN draft bigint NOT NULL DEFAULT 0;
UPDATE news SET draft = 1 WHERE publish_at >= '9999-12-31';
