-- A visitor forgotten on request (issue 49, decision 0073): `npm run leads -- erase` erases one
-- lead's personal data at once, from every table, and keeps the line that a lead was erased that
-- day: the row itself, with its id, form, times, status and stages, so the report's counts stay
-- true. erased_on_request: when (milliseconds); notices_erased: when the relay edited the lead's
-- messages in Telegram (its notice, reminders and follow-ups) to say so, NULL until it has.
ALTER TABLE leads ADD COLUMN erased_on_request INTEGER;
ALTER TABLE leads ADD COLUMN notices_erased INTEGER;
