-- Imports merge, never erase (docs/product-rules.md#import). News, albums and media have no natural key of their own,
-- so the import file may give each a stable `key`; a re-import updates the record with that key.
ALTER TABLE news ADD COLUMN import_key TEXT;
ALTER TABLE albums ADD COLUMN import_key TEXT;
ALTER TABLE media ADD COLUMN import_key TEXT;
CREATE UNIQUE INDEX news_import_key ON news (site_id, import_key);
CREATE UNIQUE INDEX albums_import_key ON albums (site_id, import_key);
CREATE UNIQUE INDEX media_import_key ON media (site_id, import_key);
