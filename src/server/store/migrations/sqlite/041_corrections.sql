-- Corrections, retractions and DOI changes.
-- Every change an import (later an editor) makes to an article, issue or news item keeps a version:
-- the fields that changed with their old and new values (JSON), when, and by whom.
CREATE TABLE content_versions (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  entity TEXT NOT NULL CHECK (entity IN ('article', 'period', 'news')),
  entity_id INTEGER NOT NULL,
  changed_at TEXT NOT NULL,
  changed_by TEXT NOT NULL,
  changes TEXT NOT NULL
);
CREATE INDEX content_versions_entity ON content_versions (entity, entity_id, changed_at);

-- A notice on an article (COPE / Crossref): retracted, withdrawn or an expression of concern.
-- The article keeps its URL and DOI; notice_doi names the notice article when there is one.
ALTER TABLE articles ADD COLUMN notice_kind TEXT CHECK (notice_kind IN ('retracted', 'withdrawn', 'concern'));
ALTER TABLE articles ADD COLUMN notice_date TEXT;
ALTER TABLE articles ADD COLUMN notice_reason TEXT;
ALTER TABLE articles ADD COLUMN notice_doi TEXT;

-- The DOIs an article had before: the old DOI's URL answers 301 to the article.
CREATE TABLE article_former_dois (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  doi TEXT NOT NULL,
  article_id INTEGER NOT NULL REFERENCES articles(id),
  changed_at TEXT NOT NULL
);
CREATE UNIQUE INDEX article_former_dois_doi ON article_former_dois (site_id, doi);
