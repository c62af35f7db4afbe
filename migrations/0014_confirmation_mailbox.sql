-- The inbox a visitor's confirmation goes to, as the one-a-day limit per address compares it
-- (mailboxKey, src/relay/email/address.ts): most providers deliver ann+anything@ to ann@, and Gmail
-- ignores dots before the @, so comparing addresses as typed gave one inbox a confirmation for
-- each spelling. Erased with recipient. NULL on rows written before: those are compared by
-- recipient, as before, until they are a day old.
ALTER TABLE lead_emails ADD COLUMN mailbox TEXT;
CREATE INDEX lead_emails_mailbox ON lead_emails (kind, mailbox, created_at);
