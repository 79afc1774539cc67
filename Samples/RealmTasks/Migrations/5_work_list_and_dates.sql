-- Version 5: a third list, more tasks, and the creation dates the app recorded before version 4
-- (version 4 gave every old task the same default). Dates are fixed, in UTC.
UPDATE Task SET createdAt = '2026-01-04T09:12:00.000Z' WHERE id = 1;
UPDATE Task SET createdAt = '2026-01-05T19:40:00.000Z' WHERE id = 2;
UPDATE Task SET createdAt = '2026-01-06T08:05:00.000Z' WHERE id = 3;
UPDATE Task SET createdAt = '2026-01-06T08:05:30.000Z' WHERE id = 4;
UPDATE Task SET createdAt = '2026-01-06T08:06:10.000Z' WHERE id = 5;
INSERT INTO TaskList (id, name) VALUES (3, 'Work');
INSERT INTO Task (id, name, isCompleted, priority, createdAt, list) VALUES
    (6, 'Eggs', 0, 0, '2026-01-09T17:30:00.000Z', 2),
    (7, 'Olive oil', 1, 0, '2026-01-09T17:31:00.000Z', 2),
    (8, 'Renew passport', 0, 2, '2026-01-11T10:00:00.000Z', 1),
    (9, 'Book dentist', 1, 1, '2026-01-12T08:45:00.000Z', 1),
    (10, 'Write the release notes', 0, 2, '2026-01-12T13:20:00.000Z', 3),
    (11, 'Review Ana''s migration', 0, 1, '2026-01-13T09:05:00.000Z', 3),
    (12, 'Fix the flaky CSV test', 1, 1, '2026-01-13T15:40:00.000Z', 3),
    (13, 'Plan the Q2 roadmap', 0, 0, '2026-01-14T11:00:00.000Z', 3),
    (14, 'Expense report', 1, 0, '2026-01-15T16:25:00.000Z', 3),
    (15, 'Buy a birthday card', 0, 1, '2026-01-16T12:10:00.000Z', 1),
    (16, 'Apples', 0, 0, '2026-01-17T18:00:00.000Z', 2),
    (17, 'Answer the security review', 0, 3, '2026-01-19T08:30:00.000Z', 3),
    (18, 'Water the plants', 1, 0, '2026-01-19T19:15:00.000Z', 1);
INSERT INTO Tag (name) VALUES ('work'), ('waiting');
INSERT INTO Task_tags (owner, position, target) VALUES
    (8, 0, 'urgent'), (8, 1, 'errand'),
    (10, 0, 'work'), (11, 0, 'work'), (11, 1, 'waiting'), (12, 0, 'work'),
    (13, 0, 'work'), (14, 0, 'work'), (15, 0, 'errand'),
    (17, 0, 'work'), (17, 1, 'urgent'), (18, 0, 'home');

-- strata:down
DELETE FROM Task_tags WHERE owner BETWEEN 6 AND 18;
DELETE FROM Task WHERE id BETWEEN 6 AND 18;
DELETE FROM Tag WHERE name IN ('work', 'waiting');
DELETE FROM TaskList WHERE id = 3;
UPDATE Task SET createdAt = '2026-01-01T00:00:00.000Z' WHERE id BETWEEN 1 AND 5;
