-- Mail, verification codes and e-mail subscriptions (the accounts reuse the
-- outbox, the codes and the rate limits).

-- The outbox (001) keeps mail not handed to an SMTP server (no SMTP_URL) and every development
-- SMS; `npm run outbox` prints it. Mail may carry an HTML part besides the text body.
ALTER TABLE outbox ADD COLUMN body_html TEXT;
CREATE INDEX outbox_recipient ON outbox (recipient, id);

-- One-time codes, kept only as a salted SHA-256; used_at is set once.
CREATE TABLE verification_codes (
  id INTEGER PRIMARY KEY,
  purpose TEXT NOT NULL,
  address TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX verification_codes_address ON verification_codes (purpose, address, id);

-- Fixed-window counters ('code-address:…', 'code-ip:…') so limits hold across HTTP workers.
CREATE TABLE rate_limits (
  key TEXT NOT NULL,
  window_start TEXT NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (key, window_start)
);

-- E-mail subscribers (001's subscriptions): verified = 0 until the confirm link is followed
-- (double opt-in). confirm_hash is the SHA-256 of the secret in the confirm link. Every mail
-- carries an unsubscribe link, so its secret is kept as is (it can only end the subscription).
-- lang is the language of the mail.
ALTER TABLE subscriptions ADD COLUMN lang TEXT NOT NULL DEFAULT 'zh' CHECK (lang IN ('zh', 'en'));
ALTER TABLE subscriptions ADD COLUMN confirm_hash TEXT;
ALTER TABLE subscriptions ADD COLUMN unsubscribe_token TEXT;
ALTER TABLE subscriptions ADD COLUMN confirmed_at TEXT;
CREATE UNIQUE INDEX subscriptions_confirm ON subscriptions (confirm_hash);
CREATE UNIQUE INDEX subscriptions_unsubscribe ON subscriptions (unsubscribe_token);

-- What subscribers are told about: a published issue ('issue', a period id) or an online-first
-- article ('online', an article id), once each; sent_at is set when the digests went out.
CREATE TABLE subscription_events (
  id INTEGER PRIMARY KEY,
  site_id INTEGER NOT NULL REFERENCES sites(id),
  kind TEXT NOT NULL CHECK (kind IN ('issue', 'online')),
  ref_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  sent_at TEXT,
  UNIQUE (site_id, kind, ref_id)
);
