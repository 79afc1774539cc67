-- Version 1 of a RealmTasks-style to-do database: lists of tasks, as the first release shipped them.
CREATE TABLE TaskList (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
CREATE TABLE Task (
    id INTEGER PRIMARY KEY,
    text TEXT NOT NULL,
    completed INTEGER NOT NULL DEFAULT 0,
    list INTEGER NOT NULL REFERENCES TaskList(id) ON DELETE CASCADE
);
CREATE INDEX Task_list ON Task(list);
INSERT INTO TaskList (id, name) VALUES (1, 'Inbox'), (2, 'Groceries');
INSERT INTO Task (text, completed, list) VALUES
    ('Call Bob', 0, 1), ('File taxes', 1, 1), ('Milk', 0, 2), ('Bread', 0, 2), ('Coffee', 1, 2);

-- strata:down
DROP TABLE Task;
DROP TABLE TaskList;
