-- The values result pages count as facets, one row per item and value (for speed):
-- counting authors and keywords over thousands of matches reads this narrow table in doc order
-- instead of the authors table and the articles' wide rows. Written with search_docs
-- (src/server/store/bulk/search-index.ts); filled here from the index and content already present.
CREATE TABLE search_facets (
  doc_id INTEGER NOT NULL REFERENCES search_docs(id),
  facet TEXT NOT NULL,
  value TEXT NOT NULL,
  en_value TEXT,
  PRIMARY KEY (doc_id, facet, value)
) WITHOUT ROWID;

INSERT INTO search_facets (doc_id, facet, value, en_value)
  SELECT d.id, 'author', u.name, max(u.en_name)
  FROM search_docs d JOIN authors u ON u.article_id = d.ref_id
  WHERE d.kind = 'article' AND trim(u.name) <> ''
  GROUP BY d.id, u.name;

-- keywords: the ';' (or '；') separated entries of each keyword list, trimmed; 'keyword' the
-- Chinese list (the facet), 'en_keyword' the English one (the keyword filter matches either)
WITH RECURSIVE entries(doc_id, facet, rest, value) AS (
  SELECT d.id, 'keyword', replace(a.keywords, '；', ';') || ';', NULL
  FROM search_docs d JOIN articles a ON a.id = d.ref_id
  WHERE d.kind = 'article' AND a.keywords IS NOT NULL
  UNION ALL
  SELECT d.id, 'en_keyword', replace(a.en_keywords, '；', ';') || ';', NULL
  FROM search_docs d JOIN articles a ON a.id = d.ref_id
  WHERE d.kind = 'article' AND a.en_keywords IS NOT NULL
  UNION ALL
  SELECT doc_id, facet, substr(rest, instr(rest, ';') + 1), trim(substr(rest, 1, instr(rest, ';') - 1))
  FROM entries WHERE rest <> ''
)
INSERT OR IGNORE INTO search_facets (doc_id, facet, value, en_value)
  SELECT doc_id, facet, value, NULL FROM entries WHERE value IS NOT NULL AND value <> '';
