-- Accounts: the e-mail address a member proved with a code (a member
-- subscribes that address without the double opt-in), the subscriptions a member made, and
-- third-party login: identities bound to members, the OAuth states of login redirects and the
-- short-lived bind tickets of /accountBinding (both single use, kept only as SHA-256).
ALTER TABLE users ADD COLUMN verified_email TEXT;

CREATE INDEX subscriptions_user ON subscriptions (site_id, user_id);

CREATE TABLE member_identities (
  site_id INTEGER NOT NULL REFERENCES sites(id),
  provider TEXT NOT NULL,
  subject TEXT NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL,
  PRIMARY KEY (site_id, provider, subject)
);
CREATE INDEX member_identities_user ON member_identities (user_id);

CREATE TABLE oauth_states (
  state_hash TEXT PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  provider TEXT NOT NULL,
  code_verifier TEXT NOT NULL,
  nonce TEXT NOT NULL,
  lang TEXT NOT NULL CHECK (lang IN ('zh', 'en')),
  expires_at TEXT NOT NULL
);

CREATE TABLE bind_tickets (
  ticket_hash TEXT PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  provider TEXT NOT NULL,
  subject TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
