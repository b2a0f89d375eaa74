-- The tokens of each search_docs row (same id), PostgreSQL's counterpart of SQLite's FTS5 table
-- search_text (004): one tsvector of the tokens the index writer makes for both engines, each
-- lexeme tagged with its column and weighted (title and identifier A, keyword B, author C,
-- institution and abstract D), found through a GIN index.
CREATE TABLE search_text (
  id bigint PRIMARY KEY,
  tsv tsvector NOT NULL
);
CREATE INDEX search_text_tsv ON search_text USING gin (tsv);
