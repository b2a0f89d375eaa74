-- PostgreSQL's 128 adds the functions search reads its search_text through and a tsvector for
-- ranking; SQLite's FTS5 table (004) is read as before. Nothing changes here.
SELECT 1;
