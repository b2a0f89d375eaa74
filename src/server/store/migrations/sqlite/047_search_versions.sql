-- A version per site of its search index, moved by every rewrite of the site's index
-- (src/server/store/bulk/search-index.ts). Processes hold each site's facet values in memory
-- (src/server/store/search-facet-values.ts) and read them again when the version has moved.
CREATE TABLE search_versions (
  site_id INTEGER PRIMARY KEY REFERENCES sites(id),
  version INTEGER NOT NULL
);
