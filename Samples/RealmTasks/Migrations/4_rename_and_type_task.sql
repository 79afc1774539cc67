-- Task.text becomes name, completed becomes a real boolean, and tasks get a creation date.
-- SQLite's ALTER TABLE cannot add a CHECK constraint, so Task is rebuilt in SQLite's documented order:
-- create the new table, copy, drop the old one, rename the new one, then recreate its indexes and views.
-- strata migrate turns foreign keys off around the run, so dropping Task does not cascade into Task_tags,
-- and checks every link before it commits. There is no way down: the old column names are gone.
DROP VIEW OpenTasks;
CREATE TABLE Task_new (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    isCompleted BOOLEAN NOT NULL DEFAULT 0 CHECK (isCompleted IN (0, 1)),
    priority INTEGER NOT NULL DEFAULT 0,
    createdAt DATETIME NOT NULL DEFAULT '2026-01-01T00:00:00.000Z',
    list INTEGER NOT NULL REFERENCES TaskList(id) ON DELETE CASCADE
);
INSERT INTO Task_new (id, name, isCompleted, priority, list)
    SELECT id, text, completed <> 0, priority, list FROM Task;
DROP TABLE Task;
ALTER TABLE Task_new RENAME TO Task;
CREATE INDEX Task_list ON Task(list);
CREATE INDEX Task_name ON Task(name);
CREATE VIEW OpenTasks AS SELECT id, name, list FROM Task WHERE isCompleted = 0;
