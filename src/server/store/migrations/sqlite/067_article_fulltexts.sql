-- An article's HTML full text, drawn from the JATS XML an import brings: the body, its table of
-- contents (JSON: id, title, level), footnotes, acknowledgements and funding. One row per article;
-- position is always 1 so the import compares and replaces it like an article's other children.
CREATE TABLE article_fulltexts (
  article_id INTEGER NOT NULL REFERENCES articles(id),
  position INTEGER NOT NULL,
  body_html TEXT NOT NULL,
  toc TEXT NOT NULL,
  footnotes_html TEXT,
  acknowledgements_html TEXT,
  funding_html TEXT,
  PRIMARY KEY (article_id, position)
);
-- References, structured when JATS or the import gives the parts; anchor is the id in-text
-- citations of the full text link to.
ALTER TABLE article_references ADD COLUMN anchor TEXT;
ALTER TABLE article_references ADD COLUMN authors TEXT;
ALTER TABLE article_references ADD COLUMN title TEXT;
ALTER TABLE article_references ADD COLUMN source TEXT;
ALTER TABLE article_references ADD COLUMN year TEXT;
ALTER TABLE article_references ADD COLUMN volume TEXT;
ALTER TABLE article_references ADD COLUMN pages TEXT;
