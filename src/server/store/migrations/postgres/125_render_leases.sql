-- Twin of the SQLite migration 125: which server renders a site now, until when, and how far.
CREATE TABLE render_leases (
  sld text PRIMARY KEY,
  owner text,
  expires_at text NOT NULL,
  rendered_change_id bigint NOT NULL DEFAULT 0,
  whole_site bigint NOT NULL DEFAULT 0
);
