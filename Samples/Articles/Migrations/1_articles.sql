-- Version 1 of a news reader: articles saved from a search of a news API, each filed under the
-- paper's section. The url is unique (saving an article twice updates it); dates are ISO 8601 UTC.
CREATE TABLE Section (
    name TEXT PRIMARY KEY NOT NULL
);
CREATE TABLE Article (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    leadParagraph TEXT,
    url TEXT NOT NULL UNIQUE,
    publishedAt DATETIME NOT NULL,
    section TEXT REFERENCES Section(name) ON DELETE SET NULL
);
CREATE INDEX Article_section ON Article(section);
CREATE INDEX Article_publishedAt ON Article(publishedAt);
INSERT INTO Section (name) VALUES ('World'), ('Science'), ('Technology'), ('Business'), ('Climate'), ('Arts');
INSERT INTO Article (id, title, leadParagraph, url, publishedAt, section) VALUES
    (1, 'Glacier Retreat Speeds Up in the Southern Alps', 'Satellite surveys show the glaciers lost a tenth of their ice in three summers, faster than any model predicted.', 'https://news.example.com/2026/11/03/climate/glacier-retreat.html', '2026-11-03T06:00:00.000Z', 'Climate'),
    (2, 'A Quiet Revolution in Battery Chemistry', 'Sodium-ion cells, once a laboratory curiosity, are moving into cheap cars and home storage.', 'https://news.example.com/2026/10/21/technology/sodium-batteries.html', '2026-10-21T14:30:00.000Z', 'Technology'),
    (3, 'Harbour Towns Brace for Higher Tides', 'Councils along the coast are raising sea walls as the climate shifts the odds of winter flooding.', 'https://news.example.com/2026/11/18/climate/harbour-tides.html', '2026-11-18T09:15:00.000Z', 'Climate'),
    (4, 'Central Bank Holds Rates, Signals Patience', 'Policymakers kept the benchmark rate unchanged and said inflation was cooling more slowly than hoped.', 'https://news.example.com/2026/11/06/business/rates-hold.html', '2026-11-06T18:45:00.000Z', 'Business'),
    (5, 'Telescope Finds Water Vapour on a Warm Neptune', 'The spectrum of the planet''s thin atmosphere carries the clearest signature of water yet seen so far away.', 'https://news.example.com/2026/09/30/science/warm-neptune.html', '2026-09-30T16:00:00.000Z', 'Science'),
    (6, 'The Museum That Lets You Touch the Paintings', 'A gallery in Porto has printed its collection in relief so that blind visitors can feel every brushstroke.', 'https://news.example.com/2026/10/12/arts/touch-museum.html', '2026-10-12T10:20:00.000Z', 'Arts'),
    (7, 'Farmers Turn to Drought-Tolerant Wheat', 'After a third dry year, growers are planting varieties bred to survive a hotter CLIMATE with less water.', 'https://news.example.com/2026/08/25/climate/drought-wheat.html', '2026-08-25T07:40:00.000Z', 'Climate'),
    (8, 'Open-Source Maintainers Ask Companies to Pay', 'A letter signed by hundreds of volunteers asks the firms that rely on their code to fund its upkeep.', 'https://news.example.com/2026/11/25/technology/open-source-funding.html', '2026-11-25T12:00:00.000Z', 'Technology'),
    (9, 'Talks on Shared River Water Resume', 'Negotiators from three countries met for the first time in a year to divide a shrinking river.', 'https://news.example.com/2026/11/12/world/river-talks.html', '2026-11-12T20:05:00.000Z', 'World'),
    (10, 'Why Your Phone Battery Ages', 'Heat, not charging cycles, does most of the damage, a long study of a million phones suggests.', 'https://news.example.com/2026/07/14/technology/battery-ageing.html', '2026-07-14T08:00:00.000Z', 'Technology'),
    (11, 'Shipping Giants Bet on Wind-Assisted Cargo', 'Rigid sails are back on container ships as fuel prices and carbon rules reshape the industry.', 'https://news.example.com/2026/10/02/business/wind-cargo.html', '2026-10-02T11:11:00.000Z', 'Business'),
    (12, 'A Festival of Silent Films, With Live Orchestras', 'Forty restored films from the 1920s will be shown with new scores played in the hall.', 'https://news.example.com/2026/11/20/arts/silent-films.html', '2026-11-20T17:30:00.000Z', 'Arts'),
    (13, 'Coral Reefs Show Signs of Recovery', 'Divers counted more young coral than at any time in a decade, though scientists warn a hot summer could undo it.', 'https://news.example.com/2026/06/09/science/coral-recovery.html', '2026-06-09T05:50:00.000Z', 'Science'),
    (14, 'Elections Set for Spring After Months of Deadlock', 'The coalition collapsed in August; the president has now fixed a date for a new vote.', 'https://news.example.com/2026/11/27/world/elections-spring.html', '2026-11-27T15:25:00.000Z', 'World'),
    (15, 'Startups Rush to Sell Carbon Removal', 'Buyers are wary of credits that cannot be checked, and the first audits are mixed.', 'https://news.example.com/2026/09/17/business/carbon-removal.html', '2026-09-17T13:00:00.000Z', 'Business'),
    (16, 'The Return of the Night Train', 'Sleeper services are reopening across the continent, helped by travellers who want to fly less.', 'https://news.example.com/2026/10/28/world/night-trains.html', '2026-10-28T19:00:00.000Z', 'World'),
    (17, 'Climate Models Get a Finer Grid', 'A new supercomputer lets forecasters simulate storms at one kilometre, down from ten.', 'https://news.example.com/2026/11/29/science/climate-models.html', '2026-11-29T10:10:00.000Z', 'Science'),
    (18, 'Review: A Novel Written in Text Messages', 'The debut tells a family''s story entirely through a group chat, and it works better than it sounds.', 'https://news.example.com/2026/11/08/arts/text-novel.html', '2026-11-08T09:00:00.000Z', 'Arts'),
    (19, 'Heat Pumps Outsell Gas Boilers for the First Time', 'Subsidies and a mild autumn tipped the balance in the third quarter, trade figures show.', 'https://news.example.com/2026/11/14/business/heat-pumps.html', '2026-11-14T07:30:00.000Z', 'Business'),
    (20, 'Wire Briefing', NULL, 'https://news.example.com/2026/11/30/world/briefing.html', '2026-11-30T05:00:00.000Z', 'World');

-- strata:down
DROP TABLE Article;
DROP TABLE Section;
