-- An article page's relation lists as index walks, written with the content (seed, import) for
-- the sites they wrote: the same ORCID, the same name at one of the author's own institutions,
-- the same institution, the same grant number, and the article's content terms (its keywords and
-- title words). Supersedes article_grants (078), whose grant numbers are keys here. Each
-- list reads the newest few holders of each key on each site in scope from the primary key, an
-- index holding every column, so a page reads no article row until its few listed ones.
CREATE TABLE article_relation_keys (
  kind TEXT NOT NULL,
  relation_key TEXT NOT NULL,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  article_id INTEGER NOT NULL REFERENCES articles(id),
  PRIMARY KEY (kind, relation_key, site_id, article_id)
);
-- an article's own keys, from the index alone
CREATE INDEX article_relation_keys_article ON article_relation_keys(site_id, article_id, kind, relation_key);
DROP TABLE article_grants;
-- The portal's own citation count of an article (its citing articles on active sites, drafts and
-- removed articles aside), a rollup rewritten when references are written; the cite ranking
-- walks the count it shows (the import's when it gave one, else this) by an expression index.
ALTER TABLE articles ADD COLUMN cited_by INTEGER NOT NULL DEFAULT 0;
CREATE INDEX articles_cited_by ON articles(cited_by) WHERE cited_by > 0;
CREATE INDEX articles_cite_rank
  ON articles(site_id, (CASE WHEN citations > 0 THEN citations ELSE cited_by END) DESC);
