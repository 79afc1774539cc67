-- Version 1 of a notes app: each note is keyed by a string identifier the app makes up
-- (a slug of its first line), so the primary key is text, not a number.
CREATE TABLE Note (
    identifier TEXT PRIMARY KEY NOT NULL,
    content TEXT NOT NULL,
    lastEdited DATETIME NOT NULL
);
CREATE INDEX Note_lastEdited ON Note(lastEdited);
INSERT INTO Note (identifier, content, lastEdited) VALUES
    ('groceries', 'Groceries: oat milk, eggs, spinach, coffee beans, lemons', '2026-11-28T18:02:11.000Z'),
    ('packing-list', 'Packing list for Lisbon: adapter, sunglasses, light jacket, passport', '2026-10-30T21:15:40.000Z'),
    ('recipe-shakshuka', 'Shakshuka: onions, peppers, cumin, paprika, tomatoes, then eggs for 8 minutes', '2026-09-14T11:48:05.000Z'),
    ('recipe-focaccia', 'Focaccia: 500 g flour, 400 g water, 10 g salt, 4 g yeast; overnight in the fridge', '2026-11-02T08:30:00.000Z'),
    ('books-to-read', 'Books to read: The Dispossessed, Piranesi, The Overstory', '2026-07-03T22:10:19.000Z'),
    ('standup-2026-11-30', 'Standup: migration review done, fuzzer found two crashes, release on Friday', '2026-11-30T09:31:00.000Z'),
    ('standup-2026-11-27', 'Standup: finished the CSV exporter; blocked on the schema review', '2026-11-27T09:28:45.000Z'),
    ('gift-ideas', 'Gift ideas: a fountain pen for Sam, a puzzle for Ana, tea for Grandma', '2026-11-15T19:05:33.000Z'),
    ('wifi-cabin', 'Cabin wifi: network "Pinecone", password on the fridge', '2026-08-21T16:40:00.000Z'),
    ('car-service', 'Car: service due at 90 000 km, tyres changed in October', '2026-10-05T07:55:12.000Z'),
    ('quote', '"Simplicity is prerequisite for reliability." (Dijkstra)', '2026-05-19T13:00:00.000Z'),
    ('ideas', 'App ideas: a plant-watering reminder; a notes app that syncs over Bluetooth', '2026-06-11T20:20:20.000Z'),
    ('plumber', 'Plumber: Tuesday 10:00, kitchen sink; call if late', '2026-11-29T12:12:00.000Z'),
    ('running', 'Running log: 5 km in 27:40, then 8 km in 46:05', '2026-11-26T06:45:00.000Z');

-- strata:down
DROP TABLE Note;
