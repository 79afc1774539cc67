-- A small to-do database in Strata's conventions: a link (Task.list), a list (Task.tags) and a view.
PRAGMA foreign_keys = ON;
CREATE TABLE TaskList (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE Task (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    isCompleted BOOLEAN NOT NULL DEFAULT 0,
    createdAt DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    list INTEGER REFERENCES TaskList(id) ON DELETE CASCADE
);
CREATE TABLE Tag (name TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE TABLE Task_tags (
    owner INTEGER NOT NULL REFERENCES Task(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    target TEXT NOT NULL REFERENCES Tag(name) ON DELETE CASCADE,
    PRIMARY KEY (owner, position)
) WITHOUT ROWID;
CREATE INDEX Task_name ON Task(name);
CREATE VIEW OpenTasks AS SELECT id, name, list FROM Task WHERE isCompleted = 0;

INSERT INTO TaskList (name) VALUES ('Inbox'), ('Wishlist');
INSERT INTO Task (name, isCompleted, list) VALUES
    ('Buy milk', 0, 1), ('Call Bob', 1, 1), ('Bike', 0, 2), ('Book', 0, 2);
INSERT INTO Tag VALUES ('home'), ('errand');
INSERT INTO Task_tags VALUES (1, 0, 'errand'), (1, 1, 'home'), (3, 0, 'home');
