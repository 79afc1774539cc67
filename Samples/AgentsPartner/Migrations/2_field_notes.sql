-- The five categories and the first season of field notes (dates are fixed, in UTC, as Strata stores them).
INSERT INTO Category (name) VALUES ('Birds'), ('Mammals'), ('Flora'), ('Reptiles'), ('Arachnids');
INSERT INTO Specimen (id, name, specimenDescription, latitude, longitude, created, category) VALUES
    (1, 'Bald Eagle', 'Adult pair nesting in a snag above the river mouth.', 48.5122, -123.1601, '2026-04-02T07:45:00.000Z', 'Birds'),
    (2, 'Steller''s Jay', 'Loud, crested; raiding the feeder at the ranger station.', 47.8021, -123.6044, '2026-04-03T16:10:00.000Z', 'Birds'),
    (3, 'Great Blue Heron', 'Standing in the shallows at low tide, hunting sculpin.', 48.4284, -123.3656, '2026-04-05T06:30:00.000Z', 'Birds'),
    (4, 'Rufous Hummingbird', 'Male defending a flowering currant; first of the year.', 47.6062, -122.3321, '2026-04-09T14:05:00.000Z', 'Birds'),
    (5, 'Snowy Owl', 'Single bird on the dunes, far south of its range.', 46.2796, -124.0543, '2026-01-18T15:20:00.000Z', 'Birds'),
    (6, 'Roseate Spoonbill', 'Flock of twelve feeding in the mangrove pools.', 25.1402, -80.9234, '2026-02-11T12:00:00.000Z', 'Birds'),
    (7, 'Black Bear', 'Sow with two cubs turning over logs by the trail.', 47.9691, -123.4983, '2026-05-14T08:15:00.000Z', 'Mammals'),
    (8, 'Roosevelt Elk', 'Herd of about thirty in the river meadow at dusk.', 47.8597, -123.9346, '2026-05-20T20:40:00.000Z', 'Mammals'),
    (9, 'Sea Otter', 'Rafting in the kelp bed, cracking urchins.', 36.6182, -121.9018, '2026-03-07T10:25:00.000Z', 'Mammals'),
    (10, 'Pika', 'Calling from the talus slope; hay piles under the rocks.', 46.8523, -121.7603, '2026-07-22T11:50:00.000Z', 'Mammals'),
    (11, 'Florida Panther', 'Tracks in the mud of the fire road; no sighting.', 26.0998, -81.2807, '2026-02-13T09:00:00.000Z', 'Mammals'),
    (12, 'Western Red Cedar', 'Old growth, about 4 m across at breast height.', 47.8663, -123.9351, '2026-05-20T13:30:00.000Z', 'Flora'),
    (13, 'Pacific Trillium', 'White flowers turning pink; a colony under the alders.', 47.9715, -123.5120, '2026-04-12T10:00:00.000Z', 'Flora'),
    (14, 'Skunk Cabbage', 'Yellow spathes in the wet ground along the creek.', 48.0437, -123.1412, '2026-03-28T11:45:00.000Z', 'Flora'),
    (15, 'Saguaro', 'Many-armed giant, a woodpecker hole near the top.', 32.2967, -111.1666, '2026-03-02T17:10:00.000Z', 'Flora'),
    (16, 'Sword Fern', 'Carpeting the slope under the firs.', 47.7511, -122.2015, '2026-04-19T09:35:00.000Z', 'Flora'),
    (17, 'American Alligator', 'Three-metre adult basking on the canal bank.', 25.3867, -80.5820, '2026-02-10T13:15:00.000Z', 'Reptiles'),
    (18, 'Gila Monster', 'Crossing the wash slowly after the rain.', 32.2540, -110.9742, '2026-03-03T18:00:00.000Z', 'Reptiles'),
    (19, 'Western Fence Lizard', 'Doing push-ups on a sunny rock; blue belly.', 45.6387, -121.1488, '2026-06-01T12:20:00.000Z', 'Reptiles'),
    (20, 'Northern Alligator Lizard', 'Under a board at the edge of the clearing.', 48.4179, -123.3201, '2026-06-08T15:55:00.000Z', 'Reptiles'),
    (21, 'Desert Tarantula', 'Male wandering at sunset, looking for a mate.', 32.2214, -110.9264, '2026-03-03T19:30:00.000Z', 'Arachnids'),
    (22, 'Cross Orbweaver', 'Large orb web across the trail, spider at the hub.', 47.6205, -122.3493, '2026-09-04T08:05:00.000Z', 'Arachnids'),
    (23, 'Giant House Spider', 'In the cabin''s woodshed, legs about 7 cm across.', 47.9653, -123.4962, '2026-09-12T21:10:00.000Z', 'Arachnids'),
    (24, 'Bark Scorpion', 'Glowing under UV on the visitor-centre wall.', 32.1794, -110.7380, '2026-03-04T02:40:00.000Z', 'Arachnids');

-- strata:down
DELETE FROM Specimen WHERE id BETWEEN 1 AND 24;
DELETE FROM Category WHERE name IN ('Birds', 'Mammals', 'Flora', 'Reptiles', 'Arachnids');
