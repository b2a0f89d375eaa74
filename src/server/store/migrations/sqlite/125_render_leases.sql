-- Which process renders a site now (src/server/store/render-leases.ts): servers sharing one store
-- each run a builder, and only the lease's owner renders into the site's folder. The owner renews
-- expires_at while it renders; a killed owner's lease runs out and another server takes the site.
-- rendered_change_id: the change log is rendered through this id on this site (a server that waited
-- for the lease skips a pass another already made); whole_site: the owner is building the whole
-- site, which another server completes if the owner dies. By sld: a site read from an upstream
-- rc-pub has no row in sites.
CREATE TABLE render_leases (
  sld TEXT PRIMARY KEY,
  owner TEXT,
  expires_at TEXT NOT NULL,
  rendered_change_id INTEGER NOT NULL DEFAULT 0,
  whole_site INTEGER NOT NULL DEFAULT 0
);
