-- Twin of the SQLite migration 116: what caused a pass, null for passes recorded before.
ALTER TABLE pass_history ADD COLUMN causes_json text;
