-- The publisher's own files. An import stores each file once per site by its content
-- hash (files.sha256); an article's PDF is the journal's own when pdf_file_id names one (else the
-- download draws the summary sheet), and its supplementary files are listed in order.
ALTER TABLE files ADD COLUMN sha256 TEXT;
CREATE UNIQUE INDEX files_site_sha256 ON files (site_id, sha256);
ALTER TABLE articles ADD COLUMN pdf_file_id INTEGER REFERENCES files(id);
CREATE TABLE article_supplements (
  article_id INTEGER NOT NULL REFERENCES articles(id),
  position INTEGER NOT NULL,
  file_id INTEGER NOT NULL REFERENCES files(id),
  file_name TEXT NOT NULL,
  label TEXT,
  en_label TEXT,
  PRIMARY KEY (article_id, position)
);
