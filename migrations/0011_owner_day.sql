-- The owner's day (issue 41): every press on a notice kept, in the order made, with who, when and
-- from what stage to what, so the notice, npm run leads and the report tell one story however the
-- owner mis-taps. lead_stages stays (each stage's first and latest live press, the report's times);
-- this is the history it is made from.
CREATE TABLE lead_presses (
  -- The order the presses were made: two presses in the same millisecond (a Worker's clock stands
  -- still within a request) still come out in order.
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  lead_id TEXT NOT NULL,
  at INTEGER NOT NULL,
  -- The stage before and after the press; NULL is waiting (no stage).
  from_stage TEXT,
  to_stage TEXT,
  by_name TEXT NOT NULL,
  by_id INTEGER,
  -- With Lost: why, before and after the press (price, timing, no-answer, not-our-service, other).
  from_reason TEXT,
  reason TEXT,
  -- An Undo: the seq of the press it took back.
  undoes INTEGER
);
CREATE INDEX lead_presses_lead ON lead_presses (lead_id, seq);
-- The owner's minute tick finds the notices whose Undo's minute is up among the latest presses.
CREATE INDEX lead_presses_at ON lead_presses (at);

-- Presses made before this migration, as lead_stages kept them: each stage's first press, and its
-- latest when that was another. What each moved from was not kept.
INSERT INTO lead_presses (lead_id, at, from_stage, to_stage, by_name, by_id)
SELECT lead_id, at, NULL, stage, by_name, by_id FROM (
  SELECT lead_id, at, stage, by_name, by_id FROM lead_stages
  UNION ALL
  SELECT lead_id, last_at, stage, last_by_name, last_by_id FROM lead_stages WHERE last_at IS NOT NULL AND last_at <> at
) ORDER BY at, lead_id;

-- A Quoted lead not Booked or Lost after LEAD_FOLLOW_UP_DAYS business days gets one follow-up
-- (when); a reminder's Later button holds its lead's next reminder or follow-up until the next
-- morning's opening (until when).
ALTER TABLE leads ADD COLUMN followed_up_at INTEGER;
ALTER TABLE leads ADD COLUMN snoozed_until INTEGER;

-- Lost (issue 41): a job the owner did not win, with why; Not a job stays for what never was one.
ALTER TABLE leads ADD COLUMN lost_reason TEXT;

-- The owner's replies to a notice (issue 41): a number records what was quoted, in cents; any other
-- text is a note, kept in the order written. Notes may name the visitor: they are erased with what
-- the visitor typed after the retention period.
ALTER TABLE leads ADD COLUMN quote_cents INTEGER;
CREATE TABLE lead_notes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  lead_id TEXT NOT NULL,
  at INTEGER NOT NULL,
  by_name TEXT NOT NULL,
  by_id INTEGER,
  text TEXT NOT NULL
);
CREATE INDEX lead_notes_lead ON lead_notes (lead_id, seq);
