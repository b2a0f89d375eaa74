-- The footer's visit counts move once per visitor, site and day (the visit beacon of the
-- FooterVisits island), as article views do: who was counted for a site on a day. Rows of past
-- days are pruned.
CREATE TABLE site_visit_marks (
  site_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  visitor TEXT NOT NULL,
  PRIMARY KEY (site_id, day, visitor)
);
CREATE INDEX site_visit_marks_day ON site_visit_marks(day);
