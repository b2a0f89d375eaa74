-- How search reads search_text (123) on PostgreSQL.
--
-- The planner prices `tsv @@ query` like any operator and sees few pages (most tsvectors live in
-- TOAST), so for a common term it scanned the whole table, reading every tsvector out of TOAST:
-- 383 ms for 材料 at 10,000 articles, where a bitmap scan of the GIN index took 4.7 ms. Both
-- lookups search makes are these functions, whose SET keeps the planner on the index for their own
-- statement only (the rest of a search is planned as before).
--
-- Ranking read each match's whole tsvector (3.6 KB on average, 223 lexemes) to score it: 160 ms for
-- the 3,261 matches of 材料 on one site. rank_tsv keeps the lexemes ranking weighs most (A title and
-- identifier, B keyword, C author), 1.1 KB and inline; scored from it the same page took 21 ms. A
-- match in the abstract or institution alone scores 0 and falls to the newest-first tie order.
ALTER TABLE search_text ADD COLUMN rank_tsv tsvector GENERATED ALWAYS AS (ts_filter(tsv, '{a,b,c}')) STORED;

CREATE FUNCTION search_text_matches(query tsquery) RETURNS TABLE (id bigint)
  LANGUAGE sql STABLE ROWS 1000 SET enable_seqscan = off
  AS $$ SELECT t.id FROM search_text t WHERE t.tsv @@ query $$;

CREATE FUNCTION search_text_ranked(query tsquery, weights real[]) RETURNS TABLE (id bigint, score real)
  LANGUAGE sql STABLE ROWS 1000 SET enable_seqscan = off
  AS $$ SELECT t.id, -ts_rank(weights, t.rank_tsv, query) FROM search_text t WHERE t.tsv @@ query $$;
