-- A member's uploads (profile photo, album covers) are theirs. owner_id names the member
-- (the quota counts byte_size per owner, and a replaced or orphaned upload is deleted); access_key
-- is the random id they are served by, to their owner only, instead of the sequential files.id.
ALTER TABLE files ADD COLUMN owner_id INTEGER REFERENCES users(id);
ALTER TABLE files ADD COLUMN access_key TEXT;
ALTER TABLE files ADD COLUMN byte_size INTEGER;
CREATE UNIQUE INDEX files_access_key ON files (access_key);
CREATE INDEX files_owner ON files (owner_id);

-- uploads from before: owned by whoever shows them; those nobody shows any more (replaced photos,
-- deleted albums' covers) go
UPDATE files SET owner_id = (SELECT u.id FROM users u WHERE u.head_picture_id = files.id)
  WHERE name LIKE 'upload.%' AND id IN (SELECT head_picture_id FROM users WHERE head_picture_id IS NOT NULL);
UPDATE files SET owner_id = (SELECT a.user_id FROM personal_albums a WHERE a.cover_id = files.id)
  WHERE name LIKE 'upload.%' AND owner_id IS NULL AND id IN (SELECT cover_id FROM personal_albums WHERE cover_id IS NOT NULL);
DELETE FROM files WHERE name LIKE 'upload.%' AND owner_id IS NULL;
UPDATE files SET access_key = lower(hex(randomblob(16))), byte_size = length(data) WHERE owner_id IS NOT NULL;
