-- Confirmations bounded per person, not per spelling (issue 49, decision 0072).
-- The recipient's domain as the per-domain limit compares it (after mailboxKey's folding): at most
-- a few confirmations a day to one domain, so a catch-all domain (anything@victim.example reaches
-- one inbox) cannot be flooded through the form. Erased with recipient. NULL on rows written
-- before: they do not count against a domain.
ALTER TABLE lead_emails ADD COLUMN domain TEXT;
CREATE INDEX lead_emails_domain ON lead_emails (kind, domain, created_at);

-- Each client's share of the hourly ceiling on confirmations: one row for each post from a client
-- that was allowed a confirmation, counted over the last hour. `client` is a keyed hash of the
-- client's address (its /64 for IPv6), never the address itself, and each row is deleted once it
-- is an hour old: nothing here names a post or outlives the hour it counts.
CREATE TABLE email_clients (
  client TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX email_clients_client ON email_clients (client, at);
