-- Rankings read rollups instead of summing article_daily_counts per render: each
-- article's views and downloads over each ranking period (docs/product-rules.md#rankings-and-statistics), counted back from the
-- day in article_period_count_days. A count write adds to every period's row in its own
-- transaction; once a day the days that left each window are taken off
-- (src/server/store/count-rollups.ts).
CREATE TABLE article_period_counts (
  article_id INTEGER NOT NULL REFERENCES articles(id),
  period TEXT NOT NULL,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  views INTEGER NOT NULL DEFAULT 0,
  downloads INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (article_id, period)
);
-- a ranking walks one of these in order and stops at its size (one journal's: skipping the others')
CREATE INDEX article_period_counts_site_views ON article_period_counts(site_id, period, views DESC, article_id);
CREATE INDEX article_period_counts_site_downloads ON article_period_counts(site_id, period, downloads DESC, article_id);

-- the day each site's period rows count back from
CREATE TABLE article_period_count_days (
  site_id INTEGER PRIMARY KEY REFERENCES sites(id),
  day TEXT NOT NULL
);

-- The rollups of the counts already stored, as of today (UTC); the same windows as rankingFromDay
-- in src/lib/ranking.ts (a month back on the same day, an overflowing day carried into the next
-- month, as JavaScript's Date and SQLite's date() both do).
INSERT INTO article_period_counts (article_id, period, site_id, views, downloads)
SELECT d.article_id, p.period, d.site_id, SUM(d.views), SUM(d.downloads)
FROM article_daily_counts d
JOIN (SELECT '3m' AS period, date('now', '-3 months') AS from_day
      UNION ALL SELECT '6m', date('now', '-6 months')
      UNION ALL SELECT '1y', date('now', '-12 months')
      UNION ALL SELECT '2y', date('now', '-24 months')
      UNION ALL SELECT '3y', date('now', '-36 months')
      UNION ALL SELECT 'all', NULL) p ON p.from_day IS NULL OR d.day >= p.from_day
GROUP BY d.article_id, p.period, d.site_id
HAVING SUM(d.views) + SUM(d.downloads) > 0;
INSERT INTO article_period_count_days (site_id, day) SELECT id, date('now') FROM sites;

-- OAI-PMH walks a site's articles by update time (and asks for the earliest one)
CREATE INDEX articles_site_updated ON articles(site_id, updated_at, id);
-- the article lists of one journal (feeds, online first): their count and their newest first
CREATE INDEX articles_site_status_publication ON articles(site_id, status, publication_id, published_date);
-- the most cited articles of a site, walked in order down to the ranking's size
CREATE INDEX articles_site_citations ON articles(site_id, citations DESC);
