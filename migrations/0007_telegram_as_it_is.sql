-- Telegram as it really is (issue 37).
-- The notice's text as last edited, so a press that would change nothing sends no edit (Telegram
-- answers such an edit 400 "message is not modified").
ALTER TABLE leads ADD COLUMN notice_edited TEXT;

-- Handled update ids are forgotten after the 24 hours Telegram keeps an update: this index finds them.
CREATE INDEX telegram_updates_processed ON telegram_updates (processed_at);

-- Leads the relay held for the message when the chat was at fault (a group upgraded to a supergroup,
-- the bot without the right to write): they are held for the settings now, so the next start (Node)
-- or sweep (Workers) with settings that work sends them, marked as delayed.
UPDATE leads SET failure_kind = 'settings', settings_mark = NULL
WHERE status = 'undeliverable' AND failure_kind = 'message' AND parts IS NOT NULL AND (
  last_error LIKE '%group chat was upgraded%'
  OR last_error LIKE '%not enough rights%'
  OR last_error LIKE '%have no rights%'
  OR last_error LIKE '%need administrator rights%'
  OR last_error LIKE '%CHAT_WRITE_FORBIDDEN%'
);

-- Leads Telegram refused for text it will not take (half an emoji: "strings must be encoded in
-- UTF-8"; Markdown it could not parse): the relay now sends such text well-formed, or as plain
-- text, so they go out again.
UPDATE leads SET status = 'pending', next_attempt_at = received_at, attempts = 0, failure_kind = NULL, uncertain_part = NULL
WHERE status = 'undeliverable' AND failure_kind = 'message' AND parts IS NOT NULL AND (
  last_error LIKE '%must be encoded in UTF-8%'
  OR last_error LIKE '%can''t parse entities%'
);
