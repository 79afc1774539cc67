#!/usr/bin/env python3
"""Writes the CoreData sample: Recipes.sqlite, a Core Data SQLite store of a recipe app, and
Recipes.xcdatamodeld, the Xcode model it was made with, from the model and the rows below.

Usage: python3 Samples/CoreData/make-store.py [OUT_DIR]     (default: this script's folder)

Only Python's standard library: sqlite3, plistlib (binary property lists and NSKeyedArchiver UIDs),
zlib (raw deflate), hashlib. The same input always gives the same store and model: the store UUID,
the dates and the keys are fixed, nothing is random. Existing files are replaced (written under a
temporary name, then renamed into place).

The layout is Core Data's, as Tests/CoreDataStoreFixtures/README.md documents it with its sources:
- entity numbers (Z_ENT): root entities by name, each followed by its sub-entities depth first;
- one table per root entity, Z + the name upper-cased: Z_PK, Z_ENT, Z_OPT, then the columns of the
  root and all its sub-entities grouped by declared type (INTEGER, FLOAT, TIMESTAMP, DECIMAL,
  VARCHAR, BLOB), then by entity number, attributes before to-ones, then by name;
- a to-one is a Z<NAME> INTEGER column holding the destination's Z_PK, with an index; a to-many
  whose inverse is a to-one has no column of its own;
- a many-to-many is one join table Z_<e><NAME>, named by the side with the lower entity number e,
  with columns Z_<e><INVERSE> and Z_<d><NAME> (each named after the entity whose keys it holds and
  the relationship that points at it), PRIMARY KEY over both and an index on the reverse order;
- Z_PRIMARYKEY (entity numbers, names, parents, the largest Z_PK of each root), Z_METADATA (the
  store UUID and a binary plist with the model's entity version hashes), Z_MODELCACHE (the model as
  an NSKeyedArchiver archive, raw-deflated);
- dates are seconds since 2001-01-01 00:00:00 UTC.
The entity version hashes are computed as Sources/CoreDataModel/Model/ManagedObjectModel+VersionHash.swift
describes Core Data's algorithm, so `strata schema Recipes.sqlite --store-info --model Recipes.xcdatamodeld`
finds that the model matches the store. NSStoreModelVersionHashesDigest is a stand-in (SHA-256 of the
hashes), as the project's fixtures write it: Core Data's own digest is not documented.
"""

import base64
import datetime
import hashlib
import os
import plistlib
import sqlite3
import sys
import zlib

# MARK: - The model

# Attribute types as Xcode names them, with NSAttributeType's numbers and the column type Core Data declares.
TYPES = {
    "Integer 16": (100, "INTEGER", 0), "Integer 32": (200, "INTEGER", 0), "Integer 64": (300, "INTEGER", 0),
    "Boolean": (800, "INTEGER", 0), "Double": (500, "FLOAT", 1), "Float": (600, "FLOAT", 1),
    "Date": (900, "TIMESTAMP", 2), "Decimal": (400, "DECIMAL", 3), "String": (700, "VARCHAR", 4),
    "UUID": (1100, "BLOB", 5), "Binary": (1000, "BLOB", 6),
}
VALUE_CLASSES = {
    "Integer 16": "NSNumber", "Integer 32": "NSNumber", "Integer 64": "NSNumber", "Boolean": "NSNumber",
    "Double": "NSNumber", "Float": "NSNumber", "Date": "NSDate", "Decimal": "NSDecimalNumber",
    "String": "NSString", "UUID": "NSUUID", "Binary": "NSData",
}
DELETE_RULES = {"No Action": 0, "Nullify": 1, "Cascade": 2, "Deny": 3}


def attribute(name, kind, optional=False, default=None):
    return {"name": name, "kind": kind, "optional": optional, "default": default}


def relationship(name, destination, inverse, to_many=False, optional=True, rule="Nullify"):
    return {"name": name, "destination": destination, "inverse": inverse, "toMany": to_many,
            "optional": optional, "rule": rule}


# A recipe app: an abstract Item (name, createdAt, notes) with two sub-entities, Recipe and Ingredient,
# which share its table ZITEM; Recipe <<->> Ingredient many-to-many; Recipe -> Cuisine to-one (optional),
# whose inverse Cuisine.recipes is a to-many.
MODEL = [
    {"name": "Cuisine", "parent": None, "abstract": False,
     "attributes": [attribute("name", "String")],
     "relationships": [relationship("recipes", "Recipe", "cuisine", to_many=True)]},
    {"name": "Item", "parent": None, "abstract": True,
     "attributes": [attribute("name", "String"), attribute("createdAt", "Date"),
                    attribute("notes", "String", optional=True)],
     "relationships": []},
    {"name": "Ingredient", "parent": "Item", "abstract": False,
     "attributes": [attribute("isVegetarian", "Boolean", default="YES"),
                    attribute("caloriesPer100g", "Integer 32", default="0")],
     "relationships": [relationship("recipes", "Recipe", "ingredients", to_many=True)]},
    {"name": "Recipe", "parent": "Item", "abstract": False,
     "attributes": [attribute("servings", "Integer 16", default="2"),
                    attribute("prepMinutes", "Integer 32", default="0"),
                    attribute("rating", "Double", optional=True),
                    attribute("isFavorite", "Boolean", default="NO")],
     "relationships": [relationship("ingredients", "Ingredient", "recipes", to_many=True),
                       relationship("cuisine", "Cuisine", "recipes")]},
]
MODEL_IDENTIFIER = "Recipes 1.0"

# The app's next model version, "Recipes 2" (the current one in Xcode): recipes get a source (a URL or a
# book). The store was written with "Recipes" and has not been migrated yet, as on a phone that has the
# new build installed but has not opened the store with it: its tables, cache and hashes are version 1's.
MODEL_2 = [dict(e, attributes=list(e["attributes"]) + ([attribute("source", "String", optional=True)]
                                                       if e["name"] == "Recipe" else []))
           for e in MODEL]
MODEL_2_IDENTIFIER = "Recipes 2.0"
STORE_UUID = "3B8E4C1F-6A2D-4F7B-9E05-C7D1A2B3E4F5"
FRAMEWORK_VERSION = 1344

# MARK: - The rows

CUISINES = ["French", "Indian", "Italian", "Japanese", "Mexican"]

# name, vegetarian, kcal per 100 g, createdAt (UTC)
INGREDIENTS = [
    ("Tomato", True, 18, "2026-02-01T10:00:00Z"), ("Garlic", True, 149, "2026-02-01T10:00:05Z"),
    ("Olive oil", True, 884, "2026-02-01T10:00:10Z"), ("Basil", True, 23, "2026-02-01T10:00:15Z"),
    ("Spaghetti", True, 371, "2026-02-01T10:00:20Z"), ("Parmesan", True, 431, "2026-02-01T10:00:25Z"),
    ("Onion", True, 40, "2026-02-01T10:00:30Z"), ("Chickpeas", True, 164, "2026-02-01T10:00:35Z"),
    ("Cumin", True, 375, "2026-02-01T10:00:40Z"), ("Coconut milk", True, 230, "2026-02-01T10:00:45Z"),
    ("Rice", True, 130, "2026-02-01T10:00:50Z"), ("Tortilla", True, 310, "2026-02-01T10:00:55Z"),
    ("Black beans", True, 132, "2026-02-01T10:01:00Z"), ("Avocado", True, 160, "2026-02-01T10:01:05Z"),
    ("Lime", True, 30, "2026-02-01T10:01:10Z"), ("Egg", True, 155, "2026-02-01T10:01:15Z"),
    ("Butter", True, 717, "2026-02-01T10:01:20Z"), ("Flour", True, 364, "2026-02-01T10:01:25Z"),
    ("Soy sauce", True, 53, "2026-02-01T10:01:30Z"), ("Tofu", True, 76, "2026-02-01T10:01:35Z"),
    ("Chicken thigh", False, 209, "2026-02-01T10:01:40Z"), ("Guanciale", False, 655, "2026-02-01T10:01:45Z"),
    ("Salmon", False, 208, "2026-02-01T10:01:50Z"), ("Sourdough bread", True, 289, "2026-02-01T10:01:55Z"),
]

# name, cuisine (or None), servings, prepMinutes, rating (or None), favorite, createdAt, notes, ingredients
RECIPES = [
    ("Spaghetti al pomodoro", "Italian", 2, 25, 4.5, True, "2026-02-03T18:20:00Z",
     "Use the ripest tomatoes; finish with a spoon of pasta water.",
     ["Spaghetti", "Tomato", "Garlic", "Olive oil", "Basil"]),
    ("Carbonara", "Italian", 2, 20, 4.8, True, "2026-02-05T19:05:00Z",
     "No cream. Take the pan off the heat before the eggs go in.",
     ["Spaghetti", "Egg", "Parmesan", "Guanciale"]),
    ("Bruschetta", "Italian", 4, 15, 4.0, False, "2026-02-08T12:30:00Z", None,
     ["Sourdough bread", "Tomato", "Garlic", "Basil", "Olive oil"]),
    ("Chana masala", "Indian", 4, 40, 4.6, True, "2026-02-10T18:45:00Z",
     "Better the next day.",
     ["Chickpeas", "Onion", "Tomato", "Garlic", "Cumin"]),
    ("Chicken curry", "Indian", 4, 55, 4.2, False, "2026-02-12T19:10:00Z", None,
     ["Chicken thigh", "Coconut milk", "Onion", "Garlic", "Cumin", "Rice"]),
    ("Guacamole", "Mexican", 4, 10, 4.4, False, "2026-02-14T17:00:00Z",
     "Salt and lime to taste; keep the stone in to stop it browning.",
     ["Avocado", "Lime", "Onion", "Tomato"]),
    ("Bean burritos", "Mexican", 3, 30, 3.9, False, "2026-02-17T18:30:00Z", None,
     ["Tortilla", "Black beans", "Rice", "Avocado", "Lime"]),
    ("Salmon teriyaki", "Japanese", 2, 25, 4.7, True, "2026-02-20T19:40:00Z", None,
     ["Salmon", "Soy sauce", "Rice", "Garlic"]),
    ("Agedashi tofu", "Japanese", 2, 20, None, False, "2026-02-23T18:15:00Z",
     "Not tried yet: from the cookbook Ana lent me.",
     ["Tofu", "Flour", "Soy sauce"]),
    ("Crêpes", "French", 6, 35, 4.3, False, "2026-02-26T09:00:00Z", "Rest the batter for an hour.",
     ["Flour", "Egg", "Butter"]),
    ("Avocado toast", None, 1, 5, 3.5, False, "2026-03-01T08:10:00Z", None,
     ["Sourdough bread", "Avocado", "Lime", "Egg"]),
    ("Egg fried rice", None, 2, 15, None, False, "2026-03-03T20:00:00Z", None,
     ["Rice", "Egg", "Soy sauce", "Onion", "Garlic"]),
]

REFERENCE_DATE = datetime.datetime(2001, 1, 1, tzinfo=datetime.timezone.utc)


def core_data_seconds(text):
    moment = datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc)
    return (moment - REFERENCE_DATE).total_seconds()


# MARK: - Layout


class Layout:
    def __init__(self, model):
        self.by_name = {e["name"]: e for e in model}
        order = []

        def visit(name):
            order.append(name)
            for child in sorted(e["name"] for e in model if e["parent"] == name):
                visit(child)

        for root in sorted(e["name"] for e in model if e["parent"] is None):
            visit(root)
        self.order = order
        self.tables = {}  # root name -> {"name", "columns": [(column, type, role)], "indexes": [...]}
        self.joins = []
        pending = {}
        for position, name in enumerate(order):
            entity = self.by_name[name]
            table = self.table_name(self.root(name))
            for a in sorted(entity["attributes"], key=lambda a: a["name"]):
                _, column_type, rank = TYPES[a["kind"]]
                pending.setdefault(table, []).append(
                    ((rank, position, 0, a["name"], 0), ("Z" + a["name"].upper(), column_type, ("attribute", name, a["name"]))))
            for r in sorted(entity["relationships"], key=lambda r: r["name"]):
                destination = self.by_name[r["destination"]]
                inverse_entity, inverse = self.relationship(r["inverse"], destination["name"])
                if not r["toMany"]:
                    pending.setdefault(table, []).append(
                        ((0, position, 1, r["name"], 0), ("Z" + r["name"].upper(), "INTEGER", ("toOne", name, r["name"]))))
                    if any(e["parent"] == destination["name"] for e in model):
                        number = order.index(destination["name"]) + 1
                        pending[table].append(((0, position, 1, r["name"], 1),
                                               ("Z%d_%s" % (number, r["name"].upper()), "INTEGER", ("toOneEntity", name, r["name"]))))
                    continue
                if not inverse["toMany"]:
                    continue  # the inverse's column holds the link
                e = position + 1
                d = order.index(inverse_entity) + 1
                if not (e, r["name"]) < (d, inverse["name"]):
                    continue
                join = "Z_%d%s" % (e, r["name"].upper())
                source = "Z_%d%s" % (e, inverse["name"].upper())
                target = "Z_%d%s" % (d, r["name"].upper())
                self.joins.append({"name": join, "entity": name, "relationship": r["name"],
                                   "inverseEntity": inverse_entity, "inverse": inverse["name"],
                                   "source": source, "target": target,
                                   "index": ("%s_%s_INDEX" % (join, target), join, [target, source])})
        for root in (n for n in order if self.by_name[n]["parent"] is None):
            name = self.table_name(root)
            columns = [("Z_PK", "INTEGER PRIMARY KEY", ("primaryKey",)), ("Z_ENT", "INTEGER", ("entity",)),
                       ("Z_OPT", "INTEGER", ("optimisticLock",))]
            indexes = []
            if sum(1 for n in order if self.root(n) == root) > 1:
                indexes.append(("%s_Z_ENT_INDEX" % name, name, ["Z_ENT"]))
            for _, column in sorted(pending.get(name, []), key=lambda entry: entry[0]):
                columns.append(column)
                if column[2][0] == "toOne":
                    indexes.append(("%s_%s_INDEX" % (name, column[0]), name, [column[0]]))
            self.tables[root] = {"name": name, "columns": columns, "indexes": indexes}

    @staticmethod
    def table_name(root):
        return "Z" + root.upper()

    def root(self, name):
        while self.by_name[name]["parent"] is not None:
            name = self.by_name[name]["parent"]
        return name

    def lineage(self, name):
        result = []
        while name is not None:
            result.append(name)
            name = self.by_name[name]["parent"]
        return result

    def number(self, name):
        return self.order.index(name) + 1

    def relationship(self, relationship_name, entity):
        for name in self.lineage(entity):
            for r in self.by_name[name]["relationships"]:
                if r["name"] == relationship_name:
                    return name, r
        raise KeyError("%s has no relationship %s" % (entity, relationship_name))

    def create_statements(self):
        statements = []
        for root in (n for n in self.order if n in self.tables):
            table = self.tables[root]
            statements.append("CREATE TABLE %s ( %s )" % (table["name"], ", ".join("%s %s" % (c, t) for c, t, _ in table["columns"])))
        for join in self.joins:
            statements.append("CREATE TABLE %s ( %s INTEGER, %s INTEGER, PRIMARY KEY (%s, %s) )"
                              % (join["name"], join["source"], join["target"], join["source"], join["target"]))
        for root in (n for n in self.order if n in self.tables):
            for name, table, columns in self.tables[root]["indexes"]:
                statements.append("CREATE INDEX %s ON %s (%s)" % (name, table, ", ".join(columns)))
        for join in self.joins:
            name, table, columns = join["index"]
            statements.append("CREATE INDEX %s ON %s (%s)" % (name, table, ", ".join(columns)))
        statements.append("CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER)")
        statements.append("CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB)")
        statements.append("CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB)")
        return statements


# MARK: - Version hashes (Core Data's algorithm, see the module comment)


def sha256(*parts):
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode("utf-8") if isinstance(part, str) else bytes(part))
    return h.digest()


def le32(value):
    return (value & 0xFFFFFFFF).to_bytes(4, "little")


def version_hashes(layout):
    hashes = {}
    properties = {}
    for name in layout.order:  # parents come before their sub-entities
        entity = layout.by_name[name]
        own = dict(properties.get(entity["parent"], {}))
        for a in entity["attributes"]:
            property_hash = sha256(a["name"], [1 if a["optional"] else 0, 0])
            own[a["name"]] = sha256(property_hash, le32(TYPES[a["kind"]][0]))
        for r in entity["relationships"]:
            property_hash = sha256(r["name"], [1 if r["optional"] else 0, 0])
            own[r["name"]] = sha256(property_hash, r["destination"], r["inverse"],
                                    le32(0 if r["toMany"] else 1), le32(0))
        properties[name] = own
        parent = [hashes[entity["parent"]]] if entity["parent"] else []
        hashes[name] = sha256(name, [1 if entity["abstract"] else 0], *parent, *(own[p] for p in sorted(own)))
    return hashes


# MARK: - The keyed archive (Z_MODELCACHE)


class KeyedArchive:
    """NSKeyedArchiver's layout: $objects starting with $null, objects referring to each other by UID."""

    def __init__(self):
        self.objects = ["$null"]
        self.classes = {}

    def add(self, value):
        self.objects.append(value)
        return plistlib.UID(len(self.objects) - 1)

    def reserve(self):
        return self.add(None)

    def fill(self, uid, value):
        self.objects[uid.data] = value

    def class_reference(self, name, superclasses=("NSObject",)):
        if name not in self.classes:
            self.classes[name] = self.add({"$classname": name, "$classes": [name] + list(superclasses)})
        return self.classes[name]

    def instance_fields(self, class_name, fields, superclasses=("NSObject",)):
        result = dict(fields)
        result["$class"] = self.class_reference(class_name, superclasses)
        return result

    def string(self, text):
        return self.add(text)

    def array(self, elements, class_name="NSArray"):
        return self.add(self.instance_fields(class_name, {"NS.objects": list(elements)}))

    def dictionary(self, entries, class_name="NSDictionary"):
        keys = [self.string(k) for k, _ in entries]
        return self.add(self.instance_fields(class_name, {"NS.keys": keys, "NS.objects": [v for _, v in entries]}))

    def data(self, root):
        return plistlib.dumps({"$archiver": "NSKeyedArchiver", "$version": 100000, "$top": {"root": root},
                               "$objects": self.objects}, fmt=plistlib.FMT_BINARY, sort_keys=True)


NULL = plistlib.UID(0)
PROPERTY_CLASSES = ("NSPropertyDescription", "NSObject")


def model_archive(layout):
    w = KeyedArchive()
    model_slot = w.reserve()
    names = sorted(layout.by_name)
    entity_slots = {name: w.reserve() for name in names}
    property_slots = {}
    for name in names:
        for ancestor in layout.lineage(name):
            e = layout.by_name[ancestor]
            for p in e["attributes"] + e["relationships"]:
                property_slots.setdefault(name, {}).setdefault(p["name"], w.reserve())
    for name in names:
        entity = layout.by_name[name]
        slot = entity_slots[name]
        properties = []
        for ancestor in layout.lineage(name):
            e = layout.by_name[ancestor]
            for a in e["attributes"]:
                if any(n == a["name"] for n, _ in properties):
                    continue
                fields = {
                    "NSPropertyName": w.string(a["name"]), "NSEntity": slot,
                    "NSAttributeType": TYPES[a["kind"]][0],
                    "NSAttributeValueClassName": w.string(VALUE_CLASSES[a["kind"]]),
                    "NSDefaultValue": NULL if a["default"] is None else w.add(archived_default(a)),
                    "NSValueTransformerName": NULL, "NSFlagsKey": 0, "NSRenamingIdentifier": w.string(a["name"]),
                }
                if a["optional"]:
                    fields["NSIsOptional"] = True
                uid = property_slots[name][a["name"]]
                w.fill(uid, w.instance_fields("NSAttributeDescription", fields, PROPERTY_CLASSES))
                properties.append((a["name"], uid))
            for r in e["relationships"]:
                if any(n == r["name"] for n, _ in properties):
                    continue
                fields = {
                    "NSPropertyName": w.string(r["name"]), "NSEntity": slot,
                    "NSDestinationEntity": entity_slots[r["destination"]],
                    "_NSDestinationEntityName": w.string(r["destination"]),
                    "NSInverseRelationship": property_slots[r["destination"]][r["inverse"]],
                    "_NSInverseRelationshipName": w.string(r["inverse"]),
                    "NSMaxCount": 0 if r["toMany"] else 1, "NSMinCount": 0,
                    "NSDeleteRule": DELETE_RULES[r["rule"]], "NSRenamingIdentifier": w.string(r["name"]),
                }
                if r["optional"]:
                    fields["NSIsOptional"] = True
                uid = property_slots[name][r["name"]]
                w.fill(uid, w.instance_fields("NSRelationshipDescription", fields, PROPERTY_CLASSES))
                properties.append((r["name"], uid))
        fields = {
            "NSEntityName": w.string(name), "NSManagedObjectModel": model_slot,
            "NSSuperentity": entity_slots[entity["parent"]] if entity["parent"] else NULL,
            "NSSubentities": w.dictionary([(c, entity_slots[c]) for c in names if layout.by_name[c]["parent"] == name],
                                          "NSMutableDictionary"),
            "NSProperties": w.dictionary(sorted(properties, key=lambda p: p[0]), "NSMutableDictionary"),
            "NSUserInfo": w.dictionary([]), "NSVersionHashModifier": NULL, "NSRenamingIdentifier": w.string(name),
            "NSClassNameForEntity": w.string(name),
        }
        if entity["abstract"]:
            fields["NSIsAbstract"] = True
        w.fill(slot, w.instance_fields("NSEntityDescription", fields))
    entities = w.dictionary([(n, entity_slots[n]) for n in names])
    identifiers = w.array([w.string(MODEL_IDENTIFIER)], "NSSet")
    w.fill(model_slot, w.instance_fields("NSManagedObjectModel", {
        "NSEntities": entities, "NSVersionIdentifiers": identifiers, "NSFetchRequestTemplates": NULL}))
    return w.data(model_slot)


def archived_default(a):
    if a["kind"] == "Boolean":
        return a["default"] == "YES"
    if a["kind"] in ("Integer 16", "Integer 32", "Integer 64"):
        return int(a["default"])
    if a["kind"] in ("Double", "Float", "Decimal"):
        return float(a["default"])
    return a["default"]


def raw_deflate(data):
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    return compressor.compress(data) + compressor.flush()


# MARK: - The Xcode model


def xml_escape(text):
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&apos;"))


def xml_attributes(pairs):
    return "".join(' %s="%s"' % (k, xml_escape(v)) for k, v in pairs)


def xcode_contents(layout, identifier):
    lines = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
             "<model%s>" % xml_attributes([
                 ("type", "com.apple.IDECoreDataModeler.DataModel"), ("documentVersion", "1.0"),
                 ("lastSavedToolsVersion", "22758"), ("systemVersion", "23E224"),
                 ("minimumToolsVersion", "Automatic"), ("sourceLanguage", "Swift"),
                 ("userDefinedModelVersionIdentifier", identifier)])]
    for name in sorted(layout.by_name):
        e = layout.by_name[name]
        pairs = [("name", name), ("representedClassName", name)]
        if e["parent"]:
            pairs.append(("parentEntity", e["parent"]))
        if e["abstract"]:
            pairs.append(("isAbstract", "YES"))
        pairs.append(("syncable", "YES"))
        body = []
        for a in sorted(e["attributes"], key=lambda a: a["name"]):
            p = [("name", a["name"])]
            if a["optional"]:
                p.append(("optional", "YES"))
            p.append(("attributeType", a["kind"]))
            if a["default"] is not None:
                p.append(("defaultValueString", a["default"]))
            body.append("<attribute%s/>" % xml_attributes(p))
        for r in sorted(e["relationships"], key=lambda r: r["name"]):
            p = [("name", r["name"])]
            if r["optional"]:
                p.append(("optional", "YES"))
            if r["toMany"]:
                p.append(("toMany", "YES"))
            else:
                p.append(("maxCount", "1"))
            p += [("deletionRule", r["rule"]), ("destinationEntity", r["destination"]),
                  ("inverseName", r["inverse"]), ("inverseEntity", r["destination"])]
            body.append("<relationship%s/>" % xml_attributes(p))
        if body:
            lines.append("    <entity%s>" % xml_attributes(pairs))
            lines += ["        " + b for b in body]
            lines.append("    </entity>")
        else:
            lines.append("    <entity%s/>" % xml_attributes(pairs))
    lines.append("</model>")
    return "\n".join(lines)


CURRENT_VERSION = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<key>_XCCurrentVersionName</key>
\t<string>Recipes 2.xcdatamodel</string>
</dict>
</plist>
"""


# MARK: - Writing


def write_store(path, layout):
    hashes = version_hashes(layout)
    joined = b"".join(hashes[n] for n in sorted(hashes))
    digest = hashlib.sha256(joined).digest() + hashlib.sha256(hashlib.sha256(joined).digest()).digest()
    metadata = plistlib.dumps({
        "NSStoreType": "SQLite", "NSPersistenceFrameworkVersion": FRAMEWORK_VERSION,
        "NSStoreModelVersionIdentifiers": [MODEL_IDENTIFIER],
        "NSStoreModelVersionHashes": {n: hashes[n] for n in sorted(hashes)},
        "NSStoreModelVersionHashesVersion": 3,
        "NSStoreModelVersionHashesDigest": base64.b64encode(digest).decode("ascii"),
        "_NSAutoVacuumLevel": "2",
    }, fmt=plistlib.FMT_BINARY, sort_keys=True)

    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("BEGIN")
        for statement in layout.create_statements():
            db.execute(statement)
        columns = {c for c, _, _ in layout.tables["Item"]["columns"]}
        assert {"ZNAME", "ZCREATEDAT", "ZCUISINE", "ZISVEGETARIAN"} <= columns, columns
        for pk, name in enumerate(CUISINES, 1):
            db.execute("INSERT INTO ZCUISINE (Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES (?, ?, 1, ?)",
                       (pk, layout.number("Cuisine"), name))
        item_keys = {}
        pk = 0
        for name, vegetarian, calories, created in INGREDIENTS:
            pk += 1
            item_keys[name] = pk
            db.execute("INSERT INTO ZITEM (Z_PK, Z_ENT, Z_OPT, ZCALORIESPER100G, ZISVEGETARIAN, ZCREATEDAT, ZNAME)"
                       " VALUES (?, ?, 1, ?, ?, ?, ?)",
                       (pk, layout.number("Ingredient"), calories, int(vegetarian), core_data_seconds(created), name))
        join = layout.joins[0]
        for name, cuisine, servings, minutes, rating, favorite, created, notes, ingredients in RECIPES:
            pk += 1
            item_keys[name] = pk
            db.execute("INSERT INTO ZITEM (Z_PK, Z_ENT, Z_OPT, ZISFAVORITE, ZPREPMINUTES, ZSERVINGS, ZCUISINE, ZRATING,"
                       " ZCREATEDAT, ZNAME, ZNOTES) VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (pk, layout.number("Recipe"), int(favorite), minutes, servings,
                        CUISINES.index(cuisine) + 1 if cuisine else None, rating, core_data_seconds(created), name, notes))
            for ingredient in ingredients:
                # The join table is named by Ingredient.recipes: its source column holds ingredients' keys.
                db.execute("INSERT INTO %s (%s, %s) VALUES (?, ?)" % (join["name"], join["source"], join["target"]),
                           (item_keys[ingredient], pk))
        maxima = {"Cuisine": len(CUISINES), "Item": pk}
        for number, name in enumerate(layout.order, 1):
            parent = layout.by_name[name]["parent"]
            db.execute("INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES (?, ?, ?, ?)",
                       (number, name, layout.number(parent) if parent else 0, maxima.get(name, 0)))
        db.execute("INSERT INTO Z_METADATA (Z_VERSION, Z_UUID, Z_PLIST) VALUES (1, ?, ?)", (STORE_UUID, metadata))
        db.execute("INSERT INTO Z_MODELCACHE (Z_CONTENT) VALUES (?)", (raw_deflate(model_archive(layout)),))
        db.execute("COMMIT")
    finally:
        db.close()


def replace(temporary, final):
    if os.path.isdir(final):
        for folder, subfolders, files in os.walk(final, topdown=False):
            for f in files:
                os.remove(os.path.join(folder, f))
            for s in subfolders:
                os.rmdir(os.path.join(folder, s))
        os.rmdir(final)
    os.replace(temporary, final)


def main(argv):
    if len(argv) > 2:
        print("usage: make-store.py [OUT_DIR]", file=sys.stderr)
        return 2
    out = argv[1] if len(argv) == 2 else os.path.dirname(os.path.abspath(__file__))
    layout = Layout(MODEL)

    store = os.path.join(out, "Recipes.sqlite")
    temporary = os.path.join(out, ".Recipes.sqlite.%d" % os.getpid())
    write_store(temporary, layout)
    replace(temporary, store)

    model = os.path.join(out, "Recipes.xcdatamodeld")
    temporary = os.path.join(out, ".Recipes.xcdatamodeld.%d" % os.getpid())
    for version, model_layout, identifier in [("Recipes", layout, MODEL_IDENTIFIER),
                                              ("Recipes 2", Layout(MODEL_2), MODEL_2_IDENTIFIER)]:
        os.makedirs(os.path.join(temporary, version + ".xcdatamodel"))
        with open(os.path.join(temporary, version + ".xcdatamodel", "contents"), "w", encoding="utf-8", newline="\n") as f:
            f.write(xcode_contents(model_layout, identifier))
    with open(os.path.join(temporary, ".xccurrentversion"), "w", encoding="utf-8", newline="\n") as f:
        f.write(CURRENT_VERSION)
    replace(temporary, model)
    print("wrote %s (%d cuisines, %d ingredients, %d recipes) and %s"
          % (store, len(CUISINES), len(INGREDIENTS), len(RECIPES), model))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
