-- The notice and the store agree after a stage moves back (issue 38): each stage keeps its first
-- press (at, by_name, by_id: the report's time to first call) and now its latest press too. The
-- notice, npm run leads and the export show each stage's latest press in the order they were made,
-- so the last of them is always the lead's stage.
ALTER TABLE lead_stages ADD COLUMN last_at INTEGER;
ALTER TABLE lead_stages ADD COLUMN last_by_name TEXT;
ALTER TABLE lead_stages ADD COLUMN last_by_id INTEGER;
UPDATE lead_stages SET last_at = at, last_by_name = by_name, last_by_id = by_id;
