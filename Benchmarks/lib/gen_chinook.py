#!/usr/bin/env python3
"""Generate the show-paths benchmark's database: Chinook's schema, its catalog at Chinook's size, its sales scaled.

Schema: the Chinook sample database's tables, columns, types, foreign keys
and foreign-key indexes (Artist, Album, Genre, MediaType, Track, Employee,
Customer, Invoice, InvoiceLine), every link declared with REFERENCES so that
Strata sees it:
  * Artist 275, Album 347 (ArtistId -> Artist), Genre 25, MediaType 5,
    Track 3,503 (AlbumId -> Album, nullable; MediaTypeId; GenreId ->
    Genre; Milliseconds; UnitPrice 0.99 or 1.99), Employee 8 (ReportsTo);
  * InvoiceLine --rows rows (1,000,000 by default; InvoiceId -> Invoice,
    TrackId -> Track, UnitPrice, Quantity 1); Invoice and Customer in
    Chinook's proportions (412 and 59 for its 2,240 lines): 183,928 and
    26,339 at 1,000,000 lines, each invoice 5 or 6 lines, its Total their sum.

Names are one to three capitalized words from the shared 64-word list
("Amber Fjord"); about 1 in 20 artist names holds a comma ("Amber, Fjord")
and 1 in 30 track names a double quote, so CSV quoting is exercised. Every
101st track, and the fourth best-selling one, has no album (a NULL link).

Sales per track follow a staircase: the tracks, in an order scattered over
their ids, sell in pairs of equal counts (the first two the most), falling
off as 1 / (1 + pair)^0.8; the counts add up to exactly --rows. So the ten
best sellers are five ties, which a query breaks by TrackId. Lines are spread
over the invoices in a shuffled order (a Lehmer generator, not Python's
random, so the file is the same on every Python).

Usage: gen_chinook.py OUTPUT [--rows N]
"""

import generator_cli

WORDS = [w.capitalize() for w in generator_cli.WORDS]

ARTISTS, ALBUMS, GENRES, MEDIA_TYPES, TRACKS, EMPLOYEES = 275, 347, 25, 5, 3503, 8
CHINOOK_LINES, CHINOOK_INVOICES, CHINOOK_CUSTOMERS = 2240, 412, 59

# Popularity rank r (0 = best seller) belongs to track 1 + (r * SCATTER) % TRACKS; 1289 is prime and
# TRACKS = 31 * 113, so this is a permutation.
SCATTER = 1289
NO_ALBUM_RANK = 3  # the fourth best seller has no album

MINSTD = 2147483647

SCHEMA = [
    "CREATE TABLE Artist (ArtistId INTEGER PRIMARY KEY, Name NVARCHAR(120))",
    "CREATE TABLE Album (AlbumId INTEGER PRIMARY KEY, Title NVARCHAR(160) NOT NULL, "
    "ArtistId INTEGER NOT NULL REFERENCES Artist (ArtistId))",
    "CREATE TABLE Genre (GenreId INTEGER PRIMARY KEY, Name NVARCHAR(120))",
    "CREATE TABLE MediaType (MediaTypeId INTEGER PRIMARY KEY, Name NVARCHAR(120))",
    "CREATE TABLE Track (TrackId INTEGER PRIMARY KEY, Name NVARCHAR(200) NOT NULL, "
    "AlbumId INTEGER REFERENCES Album (AlbumId), "
    "MediaTypeId INTEGER NOT NULL REFERENCES MediaType (MediaTypeId), "
    "GenreId INTEGER REFERENCES Genre (GenreId), Composer NVARCHAR(220), Milliseconds INTEGER NOT NULL, "
    "Bytes INTEGER, UnitPrice NUMERIC(10,2) NOT NULL)",
    "CREATE TABLE Employee (EmployeeId INTEGER PRIMARY KEY, LastName NVARCHAR(20) NOT NULL, "
    "FirstName NVARCHAR(20) NOT NULL, Title NVARCHAR(30), ReportsTo INTEGER REFERENCES Employee (EmployeeId), "
    "HireDate DATETIME, City NVARCHAR(40), Country NVARCHAR(40), Email NVARCHAR(60))",
    "CREATE TABLE Customer (CustomerId INTEGER PRIMARY KEY, FirstName NVARCHAR(40) NOT NULL, "
    "LastName NVARCHAR(20) NOT NULL, Company NVARCHAR(80), City NVARCHAR(40), Country NVARCHAR(40), "
    "Email NVARCHAR(60) NOT NULL, SupportRepId INTEGER REFERENCES Employee (EmployeeId))",
    "CREATE TABLE Invoice (InvoiceId INTEGER PRIMARY KEY, "
    "CustomerId INTEGER NOT NULL REFERENCES Customer (CustomerId), InvoiceDate DATETIME NOT NULL, "
    "BillingCity NVARCHAR(40), BillingCountry NVARCHAR(40), Total NUMERIC(10,2) NOT NULL)",
    "CREATE TABLE InvoiceLine (InvoiceLineId INTEGER PRIMARY KEY, "
    "InvoiceId INTEGER NOT NULL REFERENCES Invoice (InvoiceId), "
    "TrackId INTEGER NOT NULL REFERENCES Track (TrackId), UnitPrice NUMERIC(10,2) NOT NULL, "
    "Quantity INTEGER NOT NULL)",
]

# Chinook's own indexes: one per foreign key.
INDEXES = [
    "CREATE INDEX IFK_AlbumArtistId ON Album (ArtistId)",
    "CREATE INDEX IFK_TrackAlbumId ON Track (AlbumId)",
    "CREATE INDEX IFK_TrackGenreId ON Track (GenreId)",
    "CREATE INDEX IFK_TrackMediaTypeId ON Track (MediaTypeId)",
    "CREATE INDEX IFK_EmployeeReportsTo ON Employee (ReportsTo)",
    "CREATE INDEX IFK_CustomerSupportRepId ON Customer (SupportRepId)",
    "CREATE INDEX IFK_InvoiceCustomerId ON Invoice (CustomerId)",
    "CREATE INDEX IFK_InvoiceLineInvoiceId ON InvoiceLine (InvoiceId)",
    "CREATE INDEX IFK_InvoiceLineTrackId ON InvoiceLine (TrackId)",
]

COUNTRIES = ["USA", "Canada", "Brazil", "France", "Germany", "United Kingdom", "Portugal", "India", "Czech Republic",
             "Chile", "Netherlands", "Sweden", "Australia", "Norway", "Finland", "Poland", "Spain", "Italy"]
GENRE_NAMES = ["Rock", "Jazz", "Metal", "Alternative & Punk", "Rock And Roll", "Blues", "Latin", "Reggae", "Pop",
               "Soundtrack", "Bossa Nova", "Easy Listening", "Heavy Metal", "R&B/Soul", "Electronica/Dance", "World",
               "Hip Hop/Rap", "Science Fiction", "TV Shows", "Sci Fi & Fantasy", "Drama", "Comedy", "Alternative",
               "Classical", "Opera"]
MEDIA_NAMES = ["MPEG audio file", "Protected AAC audio file", "Protected MPEG-4 video file", "Purchased AAC audio file",
               "AAC audio file"]
assert len(GENRE_NAMES) == GENRES and len(MEDIA_NAMES) == MEDIA_TYPES


def words(n, count):
    """count (1 to 3) capitalized words picked by n."""
    return " ".join(WORDS[(n >> (6 * k)) % 64] for k in range(count))


def track_of_rank(rank):
    return 1 + (rank * SCATTER) % TRACKS


def sales(lines):
    """Lines sold per popularity rank: pairs of equal counts, 1 / (1 + pair)^0.8, adding up to `lines` (the
    remainder goes one each to the least popular ranks, which leaves the best sellers' pairs tied)."""
    weights = [1 / (1 + rank // 2) ** 0.8 for rank in range(TRACKS)]
    scale = lines / sum(weights)
    counts = [int(w * scale) for w in weights]
    rest = lines - sum(counts)
    for rank in range(TRACKS - 1, TRACKS - 1 - rest, -1):
        counts[rank] += 1
    assert sum(counts) == lines
    return counts


def shuffled(items, seed):
    """items in a Fisher-Yates order drawn from a MINSTD generator."""
    state = seed
    for i in range(len(items) - 1, 0, -1):
        state = state * 48271 % MINSTD
        j = state % (i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def generate(path, lines):
    invoices = max(1, lines * CHINOOK_INVOICES // CHINOOK_LINES) if lines else 0
    customers = max(1, lines * CHINOOK_CUSTOMERS // CHINOOK_LINES)
    db = generator_cli.fresh_database(path)
    db.execute("PRAGMA cache_size=-131072")  # 128 MiB
    db.execute("PRAGMA foreign_keys=OFF")  # valid by construction
    db.execute("BEGIN")
    for sql in SCHEMA:
        db.execute(sql)
    db.executemany("INSERT INTO Artist VALUES (?, ?)",
                   ((a, words(a * 2654435761 % 2**18, 2).replace(" ", ", ", 1) if a % 20 == 7
                     else words(a * 2654435761 % 2**18, 1 + a % 2)) for a in range(1, ARTISTS + 1)))
    db.executemany("INSERT INTO Album VALUES (?, ?, ?)",
                   ((a, words(a * 40503 % 2**18, 1 + a % 3), 1 + (a * a * 7 + a) % ARTISTS)
                    for a in range(1, ALBUMS + 1)))
    db.executemany("INSERT INTO Genre VALUES (?, ?)", enumerate(GENRE_NAMES, 1))
    db.executemany("INSERT INTO MediaType VALUES (?, ?)", enumerate(MEDIA_NAMES, 1))
    no_album = track_of_rank(NO_ALBUM_RANK)

    def track(t):
        name = words(t * 2246822519 % 2**18, 1 + t % 3)
        if t % 30 == 11:
            name = f'{name} "Live"'
        genre = 1 + t * 7 % GENRES
        price = 1.99 if genre in (19, 21, 22) else 0.99  # TV Shows, Drama, Comedy: videos
        ms = 150000 + t * 7919 % 300000
        return (t, name, None if t % 101 == 0 or t == no_album else 1 + t * 13 % ALBUMS, 1 + t % MEDIA_TYPES, genre,
                words(t * 97 % 2**12, 2) if t % 4 else None, ms, ms * 33, price)

    db.executemany("INSERT INTO Track VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", (track(t) for t in range(1, TRACKS + 1)))
    db.executemany("INSERT INTO Employee VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   ((e, WORDS[e * 5 % 64], WORDS[e * 11 % 64], "General Manager" if e == 1 else "Sales Support Agent",
                     None if e == 1 else 1, f"2002-0{e}-14 00:00:00", "Calgary", "Canada",
                     f"{WORDS[e * 11 % 64].lower()}@chinookcorp.com") for e in range(1, EMPLOYEES + 1)))
    db.executemany("INSERT INTO Customer VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                   ((c, WORDS[c % 64], WORDS[c * 7 // 64 % 64], words(c, 2) + " Ltd" if c % 5 == 0 else None,
                     WORDS[c * 13 % 64] + "ville", COUNTRIES[c % len(COUNTRIES)],
                     f"{WORDS[c % 64].lower()}.{c}@example.com", 3 + c % 3) for c in range(1, customers + 1)))
    # 2009-01-01 plus up to five years, as Chinook's 'YYYY-MM-DD HH:MM:SS' text.
    db.executemany("INSERT INTO Invoice VALUES (?, ?, strftime('%Y-%m-%d %H:%M:%S', 1230768000 + ?, 'unixepoch'), ?, ?, 0)",
                   ((i, 1 + i * 7 % customers, i * 157766400 // max(invoices, 1), WORDS[i % 64] + "ville",
                     COUNTRIES[i * 3 % len(COUNTRIES)]) for i in range(1, invoices + 1)))
    tracks = []
    for rank, sold in enumerate(sales(lines)):
        tracks += [track_of_rank(rank)] * sold
    shuffled(tracks, 20240301)
    prices = dict(db.execute("SELECT TrackId, UnitPrice FROM Track"))
    db.executemany("INSERT INTO InvoiceLine VALUES (?, ?, ?, ?, 1)",
                   ((n, 1 + (n - 1) * invoices // lines, t, prices[t]) for n, t in enumerate(tracks, 1)))
    db.execute("UPDATE Invoice SET Total = s.total FROM (SELECT InvoiceId, round(sum(UnitPrice * Quantity), 2) AS total "
               "FROM InvoiceLine GROUP BY InvoiceId) AS s WHERE s.InvoiceId = Invoice.InvoiceId")
    for sql in INDEXES:
        db.execute(sql)
    db.execute("COMMIT")
    db.close()


if __name__ == "__main__":
    generator_cli.main(__doc__, generate, 1_000_000, "rows of InvoiceLine",
                       lambda rows: f"{rows} InvoiceLine rows, {TRACKS} tracks", max_rows=100_000_000)
