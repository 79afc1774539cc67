-- Tasks get a priority; every existing task starts at 0. Adding a column with a default rewrites nothing.
ALTER TABLE Task ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;
UPDATE Task SET priority = 1 WHERE text = 'File taxes';

-- strata:down
ALTER TABLE Task DROP COLUMN priority;
