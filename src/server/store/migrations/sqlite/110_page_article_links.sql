-- The articles each prebuilt page links (its own site's article pages and other sites' through the
-- site jump), by language-free route, written when a build or pass writes the page. A change of an
-- article finds the pages that show it, on every site, by the article alone; a page written again
-- replaces its rows.
CREATE TABLE page_article_links (
  article_id INTEGER NOT NULL,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  route TEXT NOT NULL,
  PRIMARY KEY (article_id, site_id, route)
);
-- a page's own rows, replaced when it is written again
CREATE INDEX page_article_links_route ON page_article_links(site_id, route, article_id);
