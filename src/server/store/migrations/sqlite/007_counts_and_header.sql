-- Views and downloads of each article per day (UTC), behind the ranking and the article's
-- monthly statistics; articles.views and articles.downloads stay the running totals.
CREATE TABLE article_daily_counts (
  article_id INTEGER NOT NULL REFERENCES articles(id),
  site_id INTEGER NOT NULL REFERENCES sites(id),
  day TEXT NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  downloads INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (article_id, day)
);
CREATE INDEX article_daily_counts_site_day ON article_daily_counts(site_id, day);

-- Who has already been counted as viewing an article on a day (one view per visitor per article
-- per day); rows of past days are pruned.
CREATE TABLE article_view_marks (
  article_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  visitor TEXT NOT NULL,
  PRIMARY KEY (article_id, day, visitor)
);
CREATE INDEX article_view_marks_day ON article_view_marks(day);

-- The header's logo switch and own logo, and the navigation bar's background picture (the
-- header config's hasLogo/logoUrl, hasNavBg/navBgUrl).
ALTER TABLE header_configs ADD COLUMN has_logo INTEGER NOT NULL DEFAULT 1;
ALTER TABLE header_configs ADD COLUMN logo_id INTEGER REFERENCES files(id);
ALTER TABLE header_configs ADD COLUMN has_nav_bg INTEGER NOT NULL DEFAULT 0;
ALTER TABLE header_configs ADD COLUMN nav_bg_id INTEGER REFERENCES files(id);

-- Albums gather experts too (the album tabs of docs/product-rules.md#albums).
-- SQLite cannot change a CHECK constraint in place: the table is rebuilt.
CREATE TABLE album_items_new (
  album_id INTEGER NOT NULL REFERENCES albums(id),
  resource_type TEXT NOT NULL CHECK (resource_type IN ('article', 'picture', 'table', 'video', 'audio', 'publication', 'expert')),
  resource_id INTEGER NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (album_id, resource_type, resource_id)
);
INSERT INTO album_items_new (album_id, resource_type, resource_id, position) SELECT album_id, resource_type, resource_id, position FROM album_items;
DROP TABLE album_items;
ALTER TABLE album_items_new RENAME TO album_items;
CREATE INDEX album_items_album ON album_items(album_id, position);
