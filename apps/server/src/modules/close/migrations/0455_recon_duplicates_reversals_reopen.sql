-- Issue 66: a statement can no longer read as reconciled when it is not. Two kinds of difference — a line repeating an
-- earlier line's reference (`duplicate`, with that line) and a negative amount (`reversal`, its amount kept signed) —
-- and a reconciled day's reopening under dual control (who, when, why; cleared when a corrected file replaces it).
-- Expand only: new kinds and nullable columns the previous release neither reads nor writes.
ALTER TABLE recon_items DROP CONSTRAINT recon_items_kind_check;
ALTER TABLE recon_items ADD CONSTRAINT recon_items_kind_check
  CHECK (kind IN ('matched', 'statement_only', 'platform_only', 'amount_diff', 'duplicate', 'reversal'));
ALTER TABLE recon_items ADD COLUMN duplicate_of integer;
-- st_amount keeps its numeric(20, 2): a reversal's is stored negative, as the statement wrote it

ALTER TABLE recon_statements ADD COLUMN reopened_by text;
ALTER TABLE recon_statements ADD COLUMN reopened_at timestamptz;
ALTER TABLE recon_statements ADD COLUMN reopen_reason text;
