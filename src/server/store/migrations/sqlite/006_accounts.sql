-- Accounts: when a member last set the password (the 3-month reminder), the login
-- captchas, the browsing history, and the indexes member lookups use. Rate limits count in 005's
-- rate_limits.
ALTER TABLE users ADD COLUMN password_changed_at TEXT;

CREATE INDEX users_site_mobile ON users (site_id, mobile_no);
CREATE INDEX users_site_email ON users (site_id, email);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX member_downloads_user ON member_downloads (user_id, created_at);
CREATE INDEX personal_albums_user ON personal_albums (user_id);

CREATE TABLE captchas (
  id TEXT PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  answer_hash TEXT NOT NULL,
  expires_at TEXT NOT NULL
);

CREATE TABLE member_histories (
  user_id INTEGER NOT NULL REFERENCES users(id),
  site_id INTEGER NOT NULL REFERENCES sites(id),
  resource_type TEXT NOT NULL,
  resource_id INTEGER NOT NULL,
  viewed_at TEXT NOT NULL,
  PRIMARY KEY (user_id, resource_type, resource_id)
);

-- Named site settings looked up by configName (the book config BOOK_CLOUD_CHECK: docs/product-rules.md#book-cloud).
CREATE TABLE site_configs (
  site_id INTEGER NOT NULL REFERENCES sites(id),
  name TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (site_id, name)
);
