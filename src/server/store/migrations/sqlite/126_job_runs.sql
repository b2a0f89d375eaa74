-- How far each periodic job has run, shared by every server on this store
-- (src/server/store/job-runs.ts): a server runs a job's next span or day only by moving `through`
-- on past it, and only one server moves it, so what the job does happens once. state: what the job
-- keeps between runs (the publish job: the removed articles it last saw, as JSON); owner: the
-- server that ran it last, for a reader of the table.
CREATE TABLE job_runs (
  job TEXT PRIMARY KEY,
  through TEXT NOT NULL,
  state TEXT,
  owner TEXT NOT NULL,
  ran_at TEXT NOT NULL
);
