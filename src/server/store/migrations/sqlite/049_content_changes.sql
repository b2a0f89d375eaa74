-- Every write that changes what a page shows leaves a row here, in the same transaction as the
-- write, whichever process made it; the running server reads the rows after its cursor and
-- re-renders the pages they touch. entity_ids is a JSON array of the changed rows' ids (one row
-- per site, kind and action of a write, so an import of 300 articles is one row, not 300).
CREATE TABLE content_changes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  site_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  action TEXT NOT NULL,
  entity_ids TEXT NOT NULL,
  created_at TEXT NOT NULL,
  origin TEXT NOT NULL
);
CREATE INDEX content_changes_created ON content_changes (created_at);
