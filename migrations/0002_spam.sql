-- Why a lead was stopped as spam (the check that stopped it), so the owner
-- can judge a wrongly stopped one; and the relay's own settings, such as the
-- key that signs the forms' proof tokens when SPAM_KEY is not set.
ALTER TABLE leads ADD COLUMN spam_reason TEXT;

CREATE TABLE relay_settings (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
