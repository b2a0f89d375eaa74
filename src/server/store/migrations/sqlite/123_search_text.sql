-- PostgreSQL's 123 makes its own full-text table, search_text (a tsvector with a GIN index); SQLite's
-- is the FTS5 table of migration 004. Nothing changes here.
SELECT 1;
