-- One delivery policy for Node and Workers (issue 19):
-- - settings_mark: which Telegram settings (and deployment, or Node process) refused a lead with
--   failure_kind 'settings', in a column of its own instead of at the end of last_error;
-- - status 'unconfirmed': a form posted without script and without the spam check's proof, waiting
--   for its visitor to press Send once more (it was status 'spam' with a sentence in spam_reason);
-- - used_proofs: each proof the forms carry is good for one lead.
-- SQLite cannot change a CHECK constraint in place: the table is copied (D1 runs the same file).
CREATE TABLE leads_new (
  id TEXT PRIMARY KEY,
  form TEXT NOT NULL CHECK (form IN ('quote', 'contact')),
  fields TEXT,
  parts TEXT,
  parts_sent INTEGER NOT NULL DEFAULT 0,
  received_at INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'undeliverable', 'spam', 'unconfirmed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  -- The part that may have reached Telegram without its answer reaching us: written before each
  -- part is sent (so a crash mid-send leaves it set), cleared when Telegram accepts the part.
  -- The next send of that part says "(possible repeat)".
  uncertain_part INTEGER,
  last_error TEXT,
  failure_kind TEXT,
  delivered_at INTEGER,
  erased_at INTEGER,
  spam_reason TEXT,
  settings_mark TEXT
);

INSERT INTO leads_new (id, form, fields, parts, parts_sent, received_at, status, attempts, next_attempt_at, uncertain_part, last_error, failure_kind, delivered_at, erased_at, spam_reason, settings_mark)
SELECT id, form, fields, parts, parts_sent, received_at,
  CASE WHEN status = 'spam' AND spam_reason LIKE 'unconfirmed:%' THEN 'unconfirmed' ELSE status END,
  attempts, next_attempt_at, uncertain_part,
  -- The Worker appended " [settings 1a2b3c4d]" to last_error; the mark itself is not kept, so such a
  -- lead is tried once more with the settings in force.
  CASE WHEN last_error LIKE '% [settings ________]' THEN substr(last_error, 1, length(last_error) - 20) ELSE last_error END,
  failure_kind, delivered_at, erased_at,
  CASE WHEN status = 'spam' AND spam_reason LIKE 'unconfirmed:%' THEN NULL ELSE spam_reason END,
  NULL
FROM leads;

DROP TABLE leads;
ALTER TABLE leads_new RENAME TO leads;
CREATE INDEX leads_due ON leads (status, next_attempt_at);
CREATE INDEX leads_received ON leads (received_at);

-- A proof (its signature) and the lead it was first used for; forgotten once older than a proof may be.
CREATE TABLE used_proofs (
  signature TEXT PRIMARY KEY,
  lead_id TEXT NOT NULL,
  used_at INTEGER NOT NULL
);
CREATE INDEX used_proofs_used_at ON used_proofs (used_at);
