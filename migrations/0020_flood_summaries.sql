-- Issue 59: a lead told to the owner in a flood summary (leads/flood.ts) instead of a notice of its
-- own keeps the summary's message id; the lead is delivered, and has no notice to edit.
ALTER TABLE leads ADD COLUMN summary_message_id INTEGER;
