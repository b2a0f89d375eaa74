-- A staff member given a one-time password (a new account made in the console, or a reset) must
-- choose their own before the console lets them do anything else.
ALTER TABLE staff ADD COLUMN must_change_password INTEGER NOT NULL DEFAULT 0;
