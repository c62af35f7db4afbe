-- Where each lead came from (issue 21): the page its form was sent from, the first page of the
-- visit (its path and name), where the visit came from (a search engine, a social site, another
-- site's host, or direct; never the full referrer), and the campaign tags on the first address.
ALTER TABLE leads ADD COLUMN page TEXT;
ALTER TABLE leads ADD COLUMN landing TEXT;
ALTER TABLE leads ADD COLUMN landing_name TEXT;
ALTER TABLE leads ADD COLUMN source TEXT;
ALTER TABLE leads ADD COLUMN utm_source TEXT;
ALTER TABLE leads ADD COLUMN utm_medium TEXT;
ALTER TABLE leads ADD COLUMN utm_campaign TEXT;

-- Taps on the site's phone links, counted per Brisbane day, page and number: nothing about the person.
CREATE TABLE call_taps (
  day TEXT NOT NULL,
  page TEXT NOT NULL,
  number TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (day, page, number)
);
