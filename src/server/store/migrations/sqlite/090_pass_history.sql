-- Each site's finished publishing passes, kept in the store so the history survives a restart and
-- reads the same from every HTTP worker; the store keeps the newest 50 per site.
CREATE TABLE pass_history (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  ok INTEGER NOT NULL,
  started_at TEXT NOT NULL,
  finished_at TEXT NOT NULL,
  duration_ms INTEGER,
  pages_json TEXT NOT NULL,
  failed_json TEXT NOT NULL,
  error TEXT,
  steps_json TEXT
);
CREATE INDEX pass_history_site ON pass_history(site_id, id);
