-- Accounts (issue 19): when a member last set the password (the 3-month reminder), the rate-limit
-- counters, the login captchas, the browsing history, and the indexes member lookups use.
ALTER TABLE users ADD COLUMN password_changed_at TEXT;

CREATE INDEX users_site_mobile ON users (site_id, mobile_no);
CREATE INDEX users_site_email ON users (site_id, email);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX member_downloads_user ON member_downloads (user_id, created_at);
CREATE INDEX personal_albums_user ON personal_albums (user_id);

-- one row per bucket (what is limited: 'login-ip:1.2.3.4', 'login-account:1:demo' …) and window
CREATE TABLE rate_limit_hits (
  bucket TEXT NOT NULL,
  window_start TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (bucket, window_start)
);

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
