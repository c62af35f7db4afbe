-- The email channel (issue 40, decision 0063): each email a lead causes (the visitor's
-- confirmation, the owner's copy when Telegram cannot take the lead) is written down here before
-- it is sent, one row per (lead, kind), so a crash between the record and the send sends it again
-- under the same Idempotency-Key (decision 0060) and never twice. status: pending (to be sent,
-- from next_attempt_at), sent (provider_id: the provider's id), not-sent (reason says why: the
-- address refused, the per-address or hourly limit, out of tries). reason on a pending or sent
-- owner's copy: why it came by email. recipient is erased with what the visitor typed. The owner's
-- morning digest by email (EMAIL_DIGEST) is a row too: lead_id is "digest-" and its day, body its text.
CREATE TABLE lead_emails (
  lead_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  recipient TEXT,
  status TEXT NOT NULL,
  reason TEXT,
  created_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  first_attempt_at INTEGER,
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  uncertain INTEGER NOT NULL DEFAULT 0,
  sent_at INTEGER,
  provider_id TEXT,
  body TEXT,
  PRIMARY KEY (lead_id, kind)
);
-- The senders' query: what is due.
CREATE INDEX lead_emails_due ON lead_emails (status, next_attempt_at);
-- The limits: confirmations to one address in the last 24 hours, and all of them in the last hour.
CREATE INDEX lead_emails_recipient ON lead_emails (kind, recipient, created_at);
