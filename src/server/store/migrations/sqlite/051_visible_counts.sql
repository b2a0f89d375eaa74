-- Counts that apply the visibility rule within one index: an article list's total (site, status,
-- optionally journal) and OAI-PMH's completeListSize (site, update time, optionally journal) read
-- only index entries, the publish time, removal and status being in the index.
CREATE INDEX articles_list_visible ON articles(site_id, status, publication_id, publish_at, removed_at);
CREATE INDEX articles_oai_visible ON articles(site_id, updated_at, publication_id, status, publish_at);
