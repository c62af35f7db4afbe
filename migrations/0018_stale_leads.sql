-- Stale leads (issue 52, decision 0099): a lead still waiting LEAD_STALE_DAYS business days after
-- its reminder gets a second one (nudged_at), and as many days after that one message offering Lost
-- (No answer) or Keep (stale_offered_at); Keep (kept_at) ends the nudging, and the lead stays in
-- /leads and the morning message with its age.
ALTER TABLE leads ADD COLUMN nudged_at INTEGER;
ALTER TABLE leads ADD COLUMN stale_offered_at INTEGER;
ALTER TABLE leads ADD COLUMN kept_at INTEGER;
