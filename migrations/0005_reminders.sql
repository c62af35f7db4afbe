-- The owner's reminders (issue 20): when a lead still waiting at its first stage was reminded, so
-- it is reminded once.
ALTER TABLE leads ADD COLUMN reminded_at INTEGER;
