-- Positions opened by the block-trade and new-share / new-bond domains carry their source, so lists and
-- reports tell them apart from buys and positions an operator created.
ALTER TABLE positions DROP CONSTRAINT positions_source_check;
ALTER TABLE positions ADD CONSTRAINT positions_source_check CHECK (source IN ('buy', 'admin', 'block', 'newshare', 'newbond'));
