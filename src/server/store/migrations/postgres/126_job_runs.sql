-- Twin of the SQLite migration 126: how far each periodic job has run, by whom, and what it keeps.
CREATE TABLE job_runs (
  job text PRIMARY KEY,
  through text NOT NULL,
  state text,
  owner text NOT NULL,
  ran_at text NOT NULL
);
