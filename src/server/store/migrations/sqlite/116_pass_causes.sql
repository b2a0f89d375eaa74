-- What caused a pass (the change kinds and counts it applied, or a request for the whole site), so
-- the console can name it in the editor's language; null for passes recorded before.
ALTER TABLE pass_history ADD COLUMN causes_json TEXT;
