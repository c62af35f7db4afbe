-- The quote page's details of the job (issue 42), each a column so a spreadsheet or a query can sort
-- and count by them: the service, the kind of home, its rooms and storeys, the move-out or preferred
-- day ("YYYY-MM-DD") and time window, the add-ons ("carpet-steam:3 oven:1"), and the estimate the relay
-- worked out from the owner's price table: its line as the notice showed it, and its total in cents
-- when it was a figure. NULL for a lead without them (the home hero's form, the contact form).
ALTER TABLE leads ADD COLUMN service TEXT;
ALTER TABLE leads ADD COLUMN property_type TEXT;
ALTER TABLE leads ADD COLUMN bedrooms INTEGER;
ALTER TABLE leads ADD COLUMN bathrooms INTEGER;
ALTER TABLE leads ADD COLUMN storeys INTEGER;
ALTER TABLE leads ADD COLUMN preferred_date TEXT;
ALTER TABLE leads ADD COLUMN time_window TEXT;
ALTER TABLE leads ADD COLUMN add_ons TEXT;
ALTER TABLE leads ADD COLUMN estimate TEXT;
ALTER TABLE leads ADD COLUMN estimate_cents INTEGER;
