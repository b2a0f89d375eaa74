-- Accounts: an e-mail address logs in only once it is proven by a code
-- (users.verified_email), never as typed into the profile (users.email, a contact field), so
-- memberByAccount looks it up by this index.
CREATE INDEX users_site_verified_email ON users (site_id, verified_email);
