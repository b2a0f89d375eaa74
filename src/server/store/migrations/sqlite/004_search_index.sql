-- The search index. search_docs: one row per searchable item of a site (articles that are
-- not drafts, journals, figures, tables, media, news) with what results are filtered and sorted by.
-- search_text: the same rowid, each column the item's text as tokens from tokensForIndex joined by
-- spaces (src/server/search/match.ts, FTS5_TOKENIZE: the tokenizer below must stay equal to it).
-- A PostgreSQL store keeps search_docs and replaces search_text with a tsvector of the same tokens.
CREATE TABLE search_docs (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  ref_id INTEGER NOT NULL,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  publication_id INTEGER,
  column_id INTEGER,
  year INTEGER,
  published_date TEXT,
  online_first INTEGER NOT NULL DEFAULT 0,
  open_access INTEGER NOT NULL DEFAULT 1,
  issue INTEGER,
  first_page INTEGER,
  last_page INTEGER,
  views INTEGER NOT NULL DEFAULT 0,
  downloads INTEGER NOT NULL DEFAULT 0,
  citations INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT,
  UNIQUE (kind, ref_id)
);
CREATE INDEX search_docs_site ON search_docs(site_id, kind);

CREATE VIRTUAL TABLE search_text USING fts5(
  title, keyword, author, institution, abstract, identifier,
  tokenize = "unicode61 remove_diacritics 0 tokenchars '-._;()/:%'"
);
