-- The owner works each lead from Telegram (issue 20): buttons on its notice move it through
-- stages, each press recorded with when and who; Telegram's updates are processed once each.
-- The current stage; NULL while the lead waits for its first press.
ALTER TABLE leads ADD COLUMN stage TEXT;
-- The notice's last part as Telegram holds it (its message id and the Markdown sent), so a press
-- can edit it to show the stage; the text is erased with the rest after the retention period.
ALTER TABLE leads ADD COLUMN notice_message_id INTEGER;
ALTER TABLE leads ADD COLUMN notice_text TEXT;

-- The first time each stage was pressed for a lead, and by whom (Telegram's first and last name).
CREATE TABLE lead_stages (
  lead_id TEXT NOT NULL,
  stage TEXT NOT NULL,
  at INTEGER NOT NULL,
  by_name TEXT NOT NULL,
  by_id INTEGER,
  PRIMARY KEY (lead_id, stage)
);

-- Every Telegram update processed (its update_id): a webhook post Telegram sends again, or a
-- getUpdates batch read again after a restart, changes nothing the second time.
CREATE TABLE telegram_updates (
  update_id INTEGER PRIMARY KEY,
  processed_at INTEGER NOT NULL
);
