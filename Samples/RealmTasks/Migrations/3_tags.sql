-- Tags, and a list of them on each task (Strata's list convention: Task_tags holds owner, position, target).
CREATE TABLE Tag (name TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE TABLE Task_tags (
    owner INTEGER NOT NULL REFERENCES Task(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    target TEXT NOT NULL REFERENCES Tag(name) ON DELETE CASCADE,
    PRIMARY KEY (owner, position)
) WITHOUT ROWID;
CREATE VIEW OpenTasks AS SELECT id, text, list FROM Task WHERE completed = 0;
INSERT INTO Tag VALUES ('home'), ('errand'), ('urgent');
INSERT INTO Task_tags VALUES (1, 0, 'urgent'), (3, 0, 'errand'), (3, 1, 'home'), (4, 0, 'errand');

-- strata:down
DROP VIEW OpenTasks;
DROP TABLE Task_tags;
DROP TABLE Tag;
