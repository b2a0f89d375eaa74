-- Editors' console: staff accounts (separate from members), the sites a site editor may edit,
-- their sessions and the per-site API tokens (both stored as SHA-256 of the token), and the
-- audit log of every editorial write with its before and after values as JSON.
CREATE TABLE staff (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('admin', 'editor')),
  created_at TEXT NOT NULL,
  disabled_at TEXT
);

CREATE TABLE staff_sites (
  staff_id INTEGER NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  PRIMARY KEY (staff_id, site_id)
);

CREATE TABLE staff_sessions (
  token_hash TEXT PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

CREATE TABLE site_tokens (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  token_hash TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX site_tokens_site ON site_tokens (site_id);

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  site_id INTEGER REFERENCES sites(id),
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT,
  before_json TEXT,
  after_json TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX audit_log_site_time ON audit_log (site_id, created_at);
CREATE INDEX audit_log_time ON audit_log (created_at);
