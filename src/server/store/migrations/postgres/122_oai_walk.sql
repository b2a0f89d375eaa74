-- Twin of the SQLite migration 122: OAI-PMH's list pages walk one index, read by index-only scans.
CREATE INDEX articles_oai_walk ON articles(site_id, updated_at, id, status, publish_at, publication_id, removed_at);
