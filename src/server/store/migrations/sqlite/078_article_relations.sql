-- Relations of an article, read by key at 100,000 articles and a million references.
-- Cited-by: a reference whose DOI (lower-case) is an article's DOI; articles_doi_lower (002)
-- is the other side of the join.
CREATE INDEX article_references_doi_lower ON article_references(lower(doi));
-- The same author: by ORCID, or by name together with one of the author's institutions.
CREATE INDEX authors_orcid ON authors(orcid, article_id);
CREATE INDEX authors_name ON authors(name, article_id);
CREATE INDEX institutions_name ON institutions(name, article_id);
-- The grant numbers named in each article's fund text (src/lib/grant-numbers.ts), rewritten for
-- the sites a seed or import wrote, so articles of one grant are found by key.
CREATE TABLE article_grants (
  grant_number TEXT NOT NULL,
  article_id INTEGER NOT NULL REFERENCES articles(id),
  site_id INTEGER NOT NULL REFERENCES sites(id),
  PRIMARY KEY (grant_number, article_id)
);
CREATE INDEX article_grants_article ON article_grants(article_id);
CREATE INDEX article_grants_site ON article_grants(site_id);
-- Related by content: the items of the search index holding one keyword, newest first.
CREATE INDEX search_facets_value ON search_facets(facet, value, doc_id);
