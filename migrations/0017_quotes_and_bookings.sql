-- From quoted to booked (issue 51, decisions 0093 to 0095): each quote the owner makes by replying
-- with an amount, and what became of it. seq numbers a lead's quotes from 1; the customer's link names
-- (lead_id, seq) and is signed by the relay. A quote is a draft until Send (sent_at, when its email
-- was recorded; expires_at, when its link stops working), or held with Not yet (held_at). Only the
-- lead's latest sent quote can be accepted: a newer one supersedes it.
CREATE TABLE lead_quotes (
  lead_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  cents INTEGER NOT NULL,
  -- The owner's line after the amount ("incl. oven, Tue or Wed"), as kept (replies.ts cleanNote).
  -- Erased with the lead's notes.
  note TEXT,
  -- The days the owner offered with "Offer another day", as a JSON list of "2027-01-15"; NULL: any
  -- day content/booking.yaml and the hours allow.
  days TEXT,
  created_at INTEGER NOT NULL,
  by_name TEXT NOT NULL,
  -- The owner's reply the quote came from, as "chat:message": a reply handled again (after a crash,
  -- or Telegram sending it twice) makes no second quote. NULL for a quote made by a press.
  reply_to TEXT,
  -- The relay's answer in the owner's chat, with Send and Not yet: edited once either is pressed.
  chat_id TEXT,
  message_id INTEGER,
  sent_at INTEGER,
  expires_at INTEGER,
  -- The customer's link, signed for this lead and quote (src/relay/booking/link.ts): the quote email
  -- carries it, the same on every try of that email.
  link TEXT,
  held_at INTEGER,
  -- The customer's acceptance: when, the day ("2027-01-14") and the time of day (morning, afternoon).
  accepted_at INTEGER,
  day TEXT,
  time_of_day TEXT,
  -- Telling the owner of the acceptance, written down before it is sent: telling_until is a
  -- sender's claim (a notice under way), told_uncertain that an earlier claim may have sent it (the
  -- next says "(possible repeat)"), told_at when Telegram took it.
  telling_until INTEGER,
  told_uncertain INTEGER NOT NULL DEFAULT 0,
  told_at INTEGER,
  -- The owner's Confirm booking (when, by whom), or Offer another day (released_at: the day given back).
  confirmed_at INTEGER,
  confirmed_by TEXT,
  released_at INTEGER,
  PRIMARY KEY (lead_id, seq)
);
CREATE UNIQUE INDEX lead_quotes_reply ON lead_quotes (reply_to);
-- How full a day is: the accepted quotes holding it.
CREATE INDEX lead_quotes_day ON lead_quotes (day, accepted_at);
-- The owner's minute tick: acceptances not yet told; sent or confirmed quotes whose email is owed.
CREATE INDEX lead_quotes_told ON lead_quotes (told_at, accepted_at);
