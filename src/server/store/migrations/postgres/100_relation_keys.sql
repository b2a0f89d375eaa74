-- Twin of the SQLite migration 100: relation keys read by index walks, the cited-by rollup and the
-- cite ranking's expression index.
CREATE TABLE article_relation_keys (
  kind text NOT NULL,
  relation_key text NOT NULL,
  site_id bigint NOT NULL REFERENCES sites(id),
  article_id bigint NOT NULL REFERENCES articles(id),
  PRIMARY KEY (kind, relation_key, site_id, article_id)
);
CREATE INDEX article_relation_keys_article ON article_relation_keys(site_id, article_id, kind, relation_key);
DROP TABLE article_grants;
ALTER TABLE articles ADD COLUMN cited_by bigint NOT NULL DEFAULT 0;
CREATE INDEX articles_cited_by ON articles(cited_by) WHERE cited_by > 0;
CREATE INDEX articles_cite_rank
  ON articles(site_id, (CASE WHEN citations > 0 THEN citations ELSE cited_by END) DESC);
