-- Twin of the SQLite migration 110: the articles each prebuilt page links, by route.
CREATE TABLE page_article_links (
  article_id bigint NOT NULL,
  site_id bigint NOT NULL REFERENCES sites(id),
  route text NOT NULL,
  PRIMARY KEY (article_id, site_id, route)
);
CREATE INDEX page_article_links_route ON page_article_links(site_id, route, article_id);
