-- A pop tool's picture (a QR code) apart from its icon, its description in English, and the
-- upstream's indexId (docs/product-rules.md#tools).
ALTER TABLE tools ADD COLUMN bounce_picture_id INTEGER REFERENCES files(id);
ALTER TABLE tools ADD COLUMN en_description TEXT;
ALTER TABLE tools ADD COLUMN index_id INTEGER;
