-- The lead store: every form submission the relay accepts, kept until the
-- owner has it. One schema for Node (SQLite through libsql, applied at
-- start-up) and Cloudflare D1 (`wrangler d1 migrations apply`).
CREATE TABLE leads (
  -- The island's submissionId, or for a script-less post a hash of its fields and a 10-minute window.
  id TEXT PRIMARY KEY,
  form TEXT NOT NULL CHECK (form IN ('quote', 'contact')),
  -- What the visitor typed, as JSON; NULL once erased after the retention period.
  fields TEXT,
  -- The owner's notice, as a JSON array of Telegram messages (long messages are several parts).
  parts TEXT,
  -- How many parts Telegram has accepted: a part below this is never sent again.
  parts_sent INTEGER NOT NULL DEFAULT 0,
  -- Unix milliseconds.
  received_at INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'undeliverable', 'spam')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  -- The part whose last attempt got no answer: Telegram may have delivered it, so its retry says "(possible repeat)".
  uncertain_part INTEGER,
  last_error TEXT,
  -- Why a lead is undeliverable: 'settings' (token or chat refused; retried after a restart) or 'message'.
  failure_kind TEXT,
  delivered_at INTEGER,
  erased_at INTEGER
);

CREATE INDEX leads_due ON leads (status, next_attempt_at);
CREATE INDEX leads_received ON leads (received_at);
