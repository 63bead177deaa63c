-- An issue keeps the quantity allotted from it (issue 36): allotted, paid and converted subscriptions count,
-- forfeited ones give theirs back. Every allotment adds to it in one conditional UPDATE under the issue's row
-- lock (newshares/service.ts allot, batch.ts batchAllot), refused with what is left when the issue is short;
-- the CHECK holds Σ allotted ≤ issue size whatever path writes. Before, two applications of 1,000 to a
-- 1,000-share placement were both allotted in full; such an issue is counted as fully allotted (it takes no
-- more), not beyond its size, so that the CHECK holds on every row and the issue can still be edited.
ALTER TABLE newshare_issues ADD COLUMN allotted_qty bigint NOT NULL DEFAULT 0;
UPDATE newshare_issues i
SET allotted_qty = least(s.qty, i.issue_size)
FROM (SELECT issue_id, sum(allotted_qty) AS qty FROM newshare_subscriptions WHERE status IN (3, 4, 5) GROUP BY issue_id) s
WHERE s.issue_id = i.id;
ALTER TABLE newshare_issues ADD CONSTRAINT newshare_issues_allotted_within_size CHECK (allotted_qty >= 0 AND allotted_qty <= issue_size);
