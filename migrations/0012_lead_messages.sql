-- The owner's day (issue 41): the relay's own messages about a lead besides its notice, each
-- reminder and follow-up, so that the owner's reply to one of them (an amount, a note) counts for
-- the lead as a reply to its notice does; the owner on a lock screen replies to what arrived last.
-- A message id is unique only within its chat, so the chat is part of the key. Only messages Telegram
-- took (sendMessage answered with their id) are here: a reply to anything else is left alone.
CREATE TABLE lead_messages (
  chat_id TEXT NOT NULL,
  message_id INTEGER NOT NULL,
  lead_id TEXT NOT NULL,
  -- What the message was: reminder or follow-up.
  kind TEXT NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (chat_id, message_id)
);
CREATE INDEX lead_messages_lead ON lead_messages (lead_id);
