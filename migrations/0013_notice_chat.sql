-- The chat each notice was sent to (issue 41's notes: a group upgraded to a supergroup). Telegram
-- keeps a basic group's messages in that group after the upgrade, and a supergroup counts its
-- message ids from its own start, so a notice's message id names a message only together with its
-- chat: the relay edits a notice in the chat it went to, takes presses on notices left in the old
-- group, and never mistakes a message in the new chat for an old notice with the same id. NULL for
-- notices sent before this column: the chat the relay sends to, as before.
ALTER TABLE leads ADD COLUMN notice_chat_id TEXT;
