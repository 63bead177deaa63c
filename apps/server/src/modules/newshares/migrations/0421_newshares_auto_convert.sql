-- New shares (issue 23): whether the listing-day job converts an issue's paid subscriptions by itself.
ALTER TABLE newshare_issues ADD COLUMN auto_convert boolean NOT NULL DEFAULT true;
