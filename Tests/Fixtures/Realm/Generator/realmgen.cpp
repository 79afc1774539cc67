// realmgen: writes small `.realm` fixture files with realm-core's own storage API, and for
// each file a JSON document of what it holds (read back through realm-core), for Strata's
// `.realm` reader tests to compare against.
//
// Not part of `swift build`. See README.md beside this file for how to build and run it.
//
// Usage: realmgen OUTPUT_DIR
//   Writes into OUTPUT_DIR (which must exist; existing fixture files of the same names are
//   replaced): all-types.realm, many-objects.realm, big-values.realm, streaming.realm,
//   encrypted.realm, empty.realm, each with NAME.json beside it.

#include <stdexcept>
#include <realm/version_numbers.hpp>
#include <realm/db.hpp>
#if __has_include(<realm/transaction.hpp>) // realm-core 11 and later; Transaction is in db.hpp before
#include <realm/transaction.hpp>
#endif
#include <realm/group.hpp>
#include <realm/table.hpp>
#include <realm/obj.hpp>
#include <realm/list.hpp>
#include <realm/history.hpp>

// realm-core 10 and later (formats 20-24) have ObjectId, Decimal128, embedded tables, and (10.2
// and later) UUID, Mixed, typed links, sets and dictionaries; realm-core 6 (format 11) has none.
#define REALMGEN_MODERN (REALM_VERSION_MAJOR >= 10)
#if REALMGEN_MODERN
#define REALMGEN_SET_NOTE " and a set of 1500 ints"
#else
#define REALMGEN_SET_NOTE ""
#endif
#if REALMGEN_MODERN
#include <realm/set.hpp>
#include <realm/dictionary.hpp>
#endif

#include <stdexcept> // before realm headers: realm-core 6 thread.hpp needs it
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>
#include <unistd.h>

#include "realmjson.hpp" // the JSON document (shared with realmdump)

using namespace realm;

namespace {

using namespace realmjson;

void remove_file(const std::string& path)
{
    ::unlink(path.c_str());
}

// Remove a realm file and the files DB keeps beside it (lock, note, management folder).
void remove_db_files(const std::string& path)
{
    remove_file(path);
    remove_file(path + ".lock");
    remove_file(path + ".note");
    std::string cmd = "rm -rf '" + path + ".management'";
    if (std::system(cmd.c_str()) != 0)
        std::cerr << "could not remove " << path << ".management\n";
}

// Dump the file at `path` (opened read-only through Group, which also reads the streaming
// form and encrypted files) to `path` with `.realm` replaced by `.json`.
void write_json(const std::string& path, const std::string& description, const char* key = nullptr,
                const std::string& unencrypted_twin = "")
{
    Group group(path, key);
    std::string json = document_json(group, path.substr(path.find_last_of('/') + 1), path, description, key,
                                     unencrypted_twin);
    std::string json_path = path.substr(0, path.size() - 6) + ".json";
    std::ofstream(json_path, std::ios::binary | std::ios::trunc) << json;
    std::cout << "wrote " << path << " and " << json_path << "\n";
}

// ---------------------------------------------------------------------------------------
// Content, laid out the way the object store (the SDKs' schema layer) lays it out:
// classes are tables `class_<Name>`, one `metadata` table with the schema version, primary
// keys as table primary-key columns, embedded classes as embedded tables.

void add_metadata(Transaction& tr, int64_t schema_version)
{
    TableRef meta = tr.add_table("metadata");
    ColKey version = meta->add_column(type_Int, "version");
    meta->create_object().set(version, schema_version);
}

std::string long_text(size_t size, const std::string& unit)
{
    std::string s;
    while (s.size() + unit.size() <= size)
        s += unit;
    while (s.size() < size)
        s += 'x';
    return s;
}

std::string blob_bytes(size_t size, uint32_t seed)
{
    std::string s(size, '\0');
    uint32_t x = seed;
    for (size_t i = 0; i < size; ++i) {
        x = x * 1664525u + 1013904223u;
        s[i] = char(x >> 24);
    }
    return s;
}

ColKey add_link(Table& table, StringData name, Table& target)
{
#if REALMGEN_MODERN
    return table.add_column(target, name);
#else
    return table.add_column_link(type_Link, name, target);
#endif
}

ColKey add_link_list(Table& table, StringData name, Table& target)
{
#if REALMGEN_MODERN
    return table.add_column_list(target, name);
#else
    return table.add_column_link(type_LinkList, name, target);
#endif
}

#if !REALMGEN_MODERN
// Core 6 (format 11): links, link lists and lists of primitives only (no embedded tables,
// sets, dictionaries, Mixed, ObjectId, UUID, Decimal128).
void fill_people_core6(Transaction& tr)
{
    TableRef dog = tr.add_table_with_primary_key("class_Dog", type_String, "_id");
    TableRef person = tr.add_table_with_primary_key("class_Person", type_String, "name");
    ColKey d_name = dog->add_column(type_String, "dogName");
    ColKey d_age = dog->add_column(type_Int, "age", true);
    ColKey p_age = person->add_column(type_Int, "age");
    ColKey p_dog = add_link(*person, "favouriteDog", *dog);
    ColKey p_dogs = add_link_list(*person, "dogs", *dog);
    ColKey p_best = add_link(*person, "bestFriend", *person);
    ColKey p_scores = person->add_column_list(type_Int, "scores");
    ColKey p_optscores = person->add_column_list(type_Double, "optScores", true);
    ColKey p_nicks = person->add_column_list(type_String, "nicknames");
    ColKey p_dates = person->add_column_list(type_Timestamp, "dates");
    std::vector<ObjKey> dogs;
    const char* dog_names[] = {"Rex", "Fido", "Bella", "Luna"};
    std::string dog_id;
    for (int i = 0; i < 4; ++i) {
        Obj d = dog->create_object_with_primary_key(Mixed(StringData(dog_id = "dog-" + std::to_string(i + 1))));
        d.set(d_name, StringData(dog_names[i]));
        if (i != 2)
            d.set(d_age, int64_t(i + 1));
        dogs.push_back(d.get_key());
    }
    Obj alice = person->create_object_with_primary_key(Mixed(StringData("Alice")));
    Obj bob = person->create_object_with_primary_key(Mixed(StringData("Bob")));
    Obj zoe = person->create_object_with_primary_key(Mixed(StringData("Zo\xc3\xab")));
    alice.set(p_age, 34).set(p_dog, dogs[0]).set(p_best, bob.get_key());
    bob.set(p_age, 29).set(p_best, alice.get_key());
    zoe.set(p_age, 7);
    auto l = alice.get_linklist(p_dogs);
    l.add(dogs[0]);
    l.add(dogs[2]);
    l.add(dogs[0]);
    bob.get_linklist(p_dogs).add(dogs[1]);
    auto scores = alice.get_list<int64_t>(p_scores);
    for (int64_t v : std::initializer_list<int64_t>{3, 1, 4, 1, 5, -9, 2600000000LL})
        scores.add(v);
    auto opt = alice.get_list<util::Optional<double>>(p_optscores);
    opt.add(1.5);
    opt.add(util::Optional<double>());
    opt.add(-2.0);
    auto nicks = alice.get_list<String>(p_nicks);
    nicks.add("Al");
    nicks.add("\xe3\x82\xa2\xe3\x83\xaa\xe3\x82\xb9");
    nicks.add("");
    auto dates = alice.get_list<Timestamp>(p_dates);
    dates.add(Timestamp(0, 0));
    dates.add(Timestamp(1234567890, 500));
    bob.get_list<int64_t>(p_scores).add(100);
}
#endif

// Every column type, nullable and not, with links, lists, sets, dictionaries, embedded objects.
void fill_all_types(Transaction& tr)
{
    add_metadata(tr, 3);

    // -- every scalar type, required and optional, primary key of type int
    TableRef all = tr.add_table_with_primary_key("class_AllTypes", type_Int, "_id");
    ColKey c_int = all->add_column(type_Int, "intValue");
    ColKey c_bool = all->add_column(type_Bool, "boolValue");
    ColKey c_float = all->add_column(type_Float, "floatValue");
    ColKey c_double = all->add_column(type_Double, "doubleValue");
    ColKey c_string = all->add_column(type_String, "stringValue");
    ColKey c_binary = all->add_column(type_Binary, "binaryValue");
    ColKey c_date = all->add_column(type_Timestamp, "dateValue");
#if REALMGEN_MODERN
    ColKey c_dec = all->add_column(type_Decimal, "decimalValue");
    ColKey c_oid = all->add_column(type_ObjectId, "objectIdValue");
    ColKey c_uuid = all->add_column(type_UUID, "uuidValue");
    ColKey c_mixed = all->add_column(type_Mixed, "mixedValue", true);
#endif
    ColKey o_int = all->add_column(type_Int, "optIntValue", true);
    ColKey o_bool = all->add_column(type_Bool, "optBoolValue", true);
    ColKey o_float = all->add_column(type_Float, "optFloatValue", true);
    ColKey o_double = all->add_column(type_Double, "optDoubleValue", true);
    ColKey o_string = all->add_column(type_String, "optStringValue", true);
    ColKey o_binary = all->add_column(type_Binary, "optBinaryValue", true);
    ColKey o_date = all->add_column(type_Timestamp, "optDateValue", true);
#if REALMGEN_MODERN
    ColKey o_dec = all->add_column(type_Decimal, "optDecimalValue", true);
    ColKey o_oid = all->add_column(type_ObjectId, "optObjectIdValue", true);
    ColKey o_uuid = all->add_column(type_UUID, "optUuidValue", true);
#endif
    ColKey c_indexed = all->add_column(type_String, "indexedString");
    all->add_search_index(c_indexed);

    const std::string unicode[] = {
        "",
        "plain ascii",
        "caf\xc3\xa9 \xe2\x80\x94 na\xc3\xafve",            // café — naïve
        "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e",               // 日本語
        "\xf0\x9f\x98\x80 emoji \xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd", // 😀 emoji 👍🏽
        "quote \" backslash \\ tab \t newline \n end",
        long_text(40, "medium string "),                    // 16..63 bytes: medium leaf
        long_text(200, "long string \xc3\xa9\xe2\x82\xac "), // > 63 bytes: big leaf
    };
#if REALMGEN_MODERN
    const std::vector<Mixed> mixed_values = {
        Mixed(int64_t(42)),           Mixed(true),
        Mixed(1.5f),                  Mixed(2.25),
        Mixed(StringData("mixed string")), Mixed(BinaryData("\x00\x01\x02\xff", 4)),
        Mixed(Timestamp(1700000000, 123456789)), Mixed(Decimal128("123.456")),
        Mixed(ObjectId("65f0a1b2c3d4e5f601234567")), Mixed(UUID("3b241101-e2bb-4255-8caf-4136c566a962")),
    };
#endif

    ObjKey first;
    for (int64_t i = 0; i < 12; ++i) {
        Obj o = all->create_object_with_primary_key(Mixed(i * 10));
        if (i == 0)
            first = o.get_key();
        const std::string& s = unicode[i % 8];
        std::string bin = blob_bytes(size_t(i * 3), uint32_t(i));
        o.set(c_int, i == 0 ? std::numeric_limits<int64_t>::min()
                            : i == 1 ? std::numeric_limits<int64_t>::max() : i * i * (i % 2 ? -1 : 1) * 1000);
        o.set(c_bool, i % 2 == 0);
        o.set(c_float, i == 2 ? std::numeric_limits<float>::infinity() : float(i) * 0.5f - 1.25f);
        o.set(c_double, i == 3 ? -0.0 : i == 4 ? 1e300 : double(i) / 3.0);
        o.set(c_string, StringData(s));
        o.set(c_binary, BinaryData(bin.data(), bin.size()));
        o.set(c_date, Timestamp(i == 5 ? -86400 * 365 : 1600000000 + i * 86400, int32_t(i * 1000)));
#if REALMGEN_MODERN
        o.set(c_dec, Decimal128(std::to_string(i) + ".25"));
        char oid[25];
        std::snprintf(oid, sizeof oid, "5f%022llx", (unsigned long long)(i + 1));
        o.set(c_oid, ObjectId(oid));
        char uuid[37];
        std::snprintf(uuid, sizeof uuid, "00000000-0000-4000-8000-%012llx", (unsigned long long)(i + 1));
        o.set(c_uuid, UUID(uuid));
        if (i < int64_t(mixed_values.size()))
            o.set_any(c_mixed, mixed_values[size_t(i)]);
#endif
        std::string indexed = "key-" + std::to_string(i % 4);
        o.set(c_indexed, StringData(indexed));
        if (i % 2 == 1) { // odd objects: optional columns set; even: left null
            o.set(o_int, i);
            o.set(o_bool, i % 4 == 1);
            o.set(o_float, float(i) + 0.125f);
            o.set(o_double, double(i) + 0.0625);
            o.set(o_string, StringData(s));
            o.set(o_binary, BinaryData(bin.data(), bin.size()));
            o.set(o_date, Timestamp(i, 0));
#if REALMGEN_MODERN
            o.set(o_dec, Decimal128(i == 3 ? "-1.5E+20" : "0.001"));
            o.set(o_oid, ObjectId(oid));
            o.set(o_uuid, UUID(uuid));
#endif
        }
    }
    // an empty (not null) string and binary in the optional columns
    all->get_object(first).set(o_string, StringData("", 0)).set(o_binary, BinaryData("", 0));

#if !REALMGEN_MODERN
    fill_people_core6(tr);
#else
    // -- links, lists, sets, dictionaries, embedded objects; string primary key
    TableRef dog = tr.add_table_with_primary_key("class_Dog", type_ObjectId, "_id");
    TableRef person = tr.add_table_with_primary_key("class_Person", type_String, "name");
#if REALM_VERSION_MAJOR <= 10
    TableRef address = tr.add_embedded_table("class_Address");
#else
    TableRef address = tr.add_table("class_Address", Table::Type::Embedded);
#endif
    ColKey a_street = address->add_column(type_String, "street");
    ColKey a_city = address->add_column(type_String, "city", true);
    ColKey d_name = dog->add_column(type_String, "dogName");
    ColKey d_age = dog->add_column(type_Int, "age", true);
    ColKey p_age = person->add_column(type_Int, "age");
    ColKey p_dog = person->add_column(*dog, "favouriteDog");
    ColKey p_dogs = person->add_column_list(*dog, "dogs");
    ColKey p_dogset = person->add_column_set(*dog, "dogSet");
    ColKey p_dogdict = person->add_column_dictionary(*dog, "dogsByNickname");
    ColKey p_best = person->add_column(*person, "bestFriend");
    ColKey p_home = person->add_column(*address, "home");
    ColKey p_past = person->add_column_list(*address, "pastAddresses");
    ColKey p_scores = person->add_column_list(type_Int, "scores");
    ColKey p_optscores = person->add_column_list(type_Double, "optScores", true);
    ColKey p_nicks = person->add_column_list(type_String, "nicknames");
    ColKey p_dates = person->add_column_list(type_Timestamp, "dates");
    ColKey p_anys = person->add_column_list(type_Mixed, "anyList", true);
    ColKey p_tags = person->add_column_set(type_String, "tags");
    ColKey p_lucky = person->add_column_set(type_Int, "luckyNumbers");
    ColKey p_uuids = person->add_column_set(type_UUID, "uuidSet");
    ColKey p_anyset = person->add_column_set(type_Mixed, "anySet", true);
    ColKey p_props = person->add_column_dictionary(type_Mixed, "properties", true);
    ColKey p_counts = person->add_column_dictionary(type_Int, "counts");
    ColKey p_labels = person->add_column_dictionary(type_String, "labels", true);
    ColKey p_nested = person->add_column(type_Mixed, "nested", true);

    std::vector<ObjKey> dogs;
    const char* dog_names[] = {"Rex", "Fido", "Bella", "Luna"};
    for (int i = 0; i < 4; ++i) {
        char oid[25];
        std::snprintf(oid, sizeof oid, "6%023x", i + 1);
        Obj d = dog->create_object_with_primary_key(Mixed(ObjectId(oid)));
        d.set(d_name, StringData(dog_names[i]));
        if (i != 2)
            d.set(d_age, int64_t(i + 1));
        dogs.push_back(d.get_key());
    }

    Obj alice = person->create_object_with_primary_key(Mixed(StringData("Alice")));
    Obj bob = person->create_object_with_primary_key(Mixed(StringData("Bob")));
    Obj zoe = person->create_object_with_primary_key(Mixed(StringData("Zo\xc3\xab"))); // Zoë

    alice.set(p_age, 34).set(p_dog, dogs[0]).set(p_best, bob.get_key());
    bob.set(p_age, 29).set(p_best, alice.get_key());
    zoe.set(p_age, 7); // no links, no collections: all empty

    {
        auto l = alice.get_linklist(p_dogs);
        l.add(dogs[0]);
        l.add(dogs[2]);
        l.add(dogs[0]); // lists may repeat
        auto s = alice.get_linkset(p_dogset);
        s.insert(dogs[1]);
        s.insert(dogs[3]);
        auto dd = alice.get_dictionary(p_dogdict);
        dd.insert("boss", dogs[3]);
        dd.insert("pup", dogs[1]);
        bob.get_linklist(p_dogs).add(dogs[1]);
    }
    {
        Obj home = alice.create_and_set_linked_object(p_home);
        home.set(a_street, StringData("1 Main St")).set(a_city, StringData("Springfield"));
        Obj bhome = bob.create_and_set_linked_object(p_home);
        bhome.set(a_street, StringData("2 Side St")); // city stays null
        auto past = alice.get_linklist(p_past);
        Obj p0 = past.create_and_insert_linked_object(0);
        p0.set(a_street, StringData("Old Road 9")).set(a_city, StringData("Shelbyville"));
        Obj p1 = past.create_and_insert_linked_object(1);
        p1.set(a_street, StringData("Rue de l'\xc3\x89glise")); // Église
    }
    {
        auto scores = alice.get_list<int64_t>(p_scores);
        for (int64_t v : std::initializer_list<int64_t>{3, 1, 4, 1, 5, -9, 2600000000LL})
            scores.add(v);
#if REALM_VERSION_MAJOR <= 10
        using OptionalDouble = util::Optional<double>;
#else
        using OptionalDouble = std::optional<double>;
#endif
        auto opt = alice.get_list<OptionalDouble>(p_optscores);
        opt.add(1.5);
        opt.add(OptionalDouble());
        opt.add(-2.0);
        auto nicks = alice.get_list<String>(p_nicks);
        nicks.add("Al");
        nicks.add("\xe3\x82\xa2\xe3\x83\xaa\xe3\x82\xb9"); // アリス
        nicks.add("");
        auto dates = alice.get_list<Timestamp>(p_dates);
        dates.add(Timestamp(0, 0));
        dates.add(Timestamp(1234567890, 500));
        auto anys = alice.get_list<Mixed>(p_anys);
        anys.add(Mixed(int64_t(1)));
        anys.add(Mixed(StringData("two")));
        anys.add(Mixed());
        anys.add(Mixed(3.0));
        anys.add(Mixed(ObjLink(dog->get_key(), dogs[2]))); // typed link
        auto tags = alice.get_set<String>(p_tags);
        tags.insert("red");
        tags.insert("blue");
        tags.insert("green");
        auto lucky = alice.get_set<int64_t>(p_lucky);
        lucky.insert(7);
        lucky.insert(13);
        lucky.insert(-1);
        alice.get_set<UUID>(p_uuids).insert(UUID("3b241101-e2bb-4255-8caf-4136c566a962"));
        auto anyset = alice.get_set<Mixed>(p_anyset);
        anyset.insert(Mixed(int64_t(5)));
        anyset.insert(Mixed(StringData("five")));
        anyset.insert(Mixed(true));
        auto props = alice.get_dictionary(p_props);
        props.insert("height", Mixed(1.72));
        props.insert("nickname", Mixed(StringData("Ally")));
        props.insert("verified", Mixed(true));
        props.insert("nothing", Mixed());
        props.insert("since", Mixed(Timestamp(1500000000, 0)));
        props.insert("pet", Mixed(ObjLink(dog->get_key(), dogs[0])));
        auto counts = alice.get_dictionary(p_counts);
        counts.insert("apples", Mixed(int64_t(3)));
        counts.insert("pears", Mixed(int64_t(0)));
        auto labels = alice.get_dictionary(p_labels);
        labels.insert("en", Mixed(StringData("hello")));
        labels.insert("fr", Mixed());
#if REALM_VERSION_MAJOR >= 14
        // nested collection inside a Mixed (format 24; realm-core 13 has none: left null)
        alice.set_collection(p_nested, CollectionType::List);
        auto nested = alice.get_list_ptr<Mixed>(p_nested);
        nested->add(Mixed(int64_t(10)));
        nested->add(Mixed(StringData("ten")));
#endif
        bob.set_any(p_nested, Mixed(StringData("not a collection")));
        bob.get_list<int64_t>(p_scores).add(100);
    }
#endif
}

// Over 256 objects in one class (several cluster leaves under an inner node), gaps in the
// keys (deleted objects, so leaves store a key array), and lists over 1,000 elements
// (inner B+tree nodes) of ints, strings and links.
void fill_many_objects(Transaction& tr)
{
    add_metadata(tr, 1);
    TableRef item = tr.add_table_with_primary_key("class_Item", type_Int, "id");
    ColKey c_name = item->add_column(type_String, "name");
    ColKey c_value = item->add_column(type_Double, "value", true);
    ColKey c_next = add_link(*item, "next", *item);
    std::vector<ObjKey> keys;
    for (int64_t i = 0; i < 700; ++i) {
        Obj o = item->create_object_with_primary_key(Mixed(i));
        std::string name = "item " + std::to_string(i);
        o.set(c_name, StringData(name));
        if (i % 5 != 0)
            o.set(c_value, double(i) * 1.5);
        keys.push_back(o.get_key());
    }
    for (int64_t i = 0; i + 1 < 700; ++i)
        item->get_object(keys[size_t(i)]).set(c_next, keys[size_t(i + 1)]);
    // delete every 7th object from 100 on: leaves no longer have compact keys
    for (int64_t i = 105; i < 700; i += 7)
        item->remove_object(keys[size_t(i)]);

    TableRef holder = tr.add_table_with_primary_key("class_ListHolder", type_String, "_id");
    ColKey h_ints = holder->add_column_list(type_Int, "ints");
    ColKey h_strings = holder->add_column_list(type_String, "strings");
    ColKey h_items = add_link_list(*holder, "items", *item);
#if REALMGEN_MODERN
    ColKey h_set = holder->add_column_set(type_Int, "intSet");
#endif
    Obj h = holder->create_object_with_primary_key(Mixed(StringData("big")));
    auto ints = h.get_list<int64_t>(h_ints);
    for (int64_t i = 0; i < 2500; ++i)
        ints.add(i * 37 - 1000);
    auto strings = h.get_list<String>(h_strings);
    for (int i = 0; i < 1200; ++i) {
        std::string text = "s" + std::to_string(i);
        strings.add(StringData(text));
    }
    auto items = h.get_linklist(h_items);
    for (const Obj& o : *item)
        items.add(o.get_key());
#if REALMGEN_MODERN
    auto set = h.get_set<int64_t>(h_set);
    for (int64_t i = 0; i < 1500; ++i)
        set.insert((i * 7919) % 3001);
#endif
    Obj small = holder->create_object_with_primary_key(Mixed(StringData("small")));
    small.get_list<int64_t>(h_ints).add(1);
}

// Big strings and blobs: medium and big string leaves, blobs up to 200 KB.
void fill_big_values(Transaction& tr)
{
    add_metadata(tr, 0);
    TableRef doc = tr.add_table_with_primary_key("class_Document", type_Int, "_id");
    ColKey c_title = doc->add_column(type_String, "title");
    ColKey c_body = doc->add_column(type_String, "body", true);
    ColKey c_data = doc->add_column(type_Binary, "data", true);
    const size_t sizes[] = {0, 15, 16, 63, 64, 1000, 5000, 70000};
    for (int64_t i = 0; i < 8; ++i) {
        Obj o = doc->create_object_with_primary_key(Mixed(i));
        std::string title = "doc " + std::to_string(sizes[i]);
        o.set(c_title, StringData(title));
        std::string body = long_text(sizes[i], i % 2 ? "\xe2\x82\xac\xc3\xa9" : "lorem ipsum ");
        o.set(c_body, StringData(body));
        std::string data = blob_bytes(sizes[i] + size_t(i) * 1000, uint32_t(100 + i));
        o.set(c_data, BinaryData(data.data(), data.size()));
    }
    Obj nulls = doc->create_object_with_primary_key(Mixed(int64_t(8)));
    nulls.set(c_title, StringData("all null"));
}

// Enumerated strings: string columns turned into indexes into a key list kept in the spec
// (Table::enumerate_string_column), as realm-core's realm-enumerate tool and upgrades from old
// formats leave them. 600 objects (three cluster leaves), a required and a nullable column.
void fill_enum_strings(Transaction& tr)
{
    add_metadata(tr, 2);
    TableRef shirt = tr.add_table_with_primary_key("class_Shirt", type_Int, "_id");
    ColKey c_color = shirt->add_column(type_String, "color");
    ColKey c_size = shirt->add_column(type_String, "size", true);
    ColKey c_note = shirt->add_column(type_String, "note");
    const char* colors[] = {"red", "green", "blue", "\xc3\xbc" "n" "\xc3\xaf" "code", ""};
    const char* sizes[] = {"S", "M", "XL"};
    for (int64_t i = 0; i < 600; ++i) {
        Obj o = shirt->create_object_with_primary_key(Mixed(i));
        o.set(c_color, StringData(colors[i % 5]));
        if (i % 4 != 0)
            o.set(c_size, StringData(sizes[i % 3]));
        std::string note = "note " + std::to_string(i);
        o.set(c_note, StringData(note));
    }
    shirt->enumerate_string_column(c_color);
    shirt->enumerate_string_column(c_size);
}

#if REALM_VERSION_MAJOR >= 13
// Full-text indexes (realm-core 13 on): Note.title and Note.body (optional) full-text indexed, Note.tag with an
// ordinary search index, and words in several scripts, with punctuation, accents and a null body.
void fill_full_text(Transaction& tr)
{
    add_metadata(tr, 1);
    TableRef note = tr.add_table_with_primary_key("class_Note", type_Int, "_id");
    ColKey c_title = note->add_column(type_String, "title");
    ColKey c_body = note->add_column(type_String, "body", true);
    ColKey c_tag = note->add_column(type_String, "tag");
    note->add_fulltext_index(c_title);
    note->add_fulltext_index(c_body);
    note->add_search_index(c_tag);
    const char* rows[][3] = {
        {"Buy milk", "milk, eggs and bread from the corner shop", "errand"},
        {"Call mum", nullptr, "call"},
        {"Trip to Z\xc3\xbcrich", "flights booked; hotel near the lake", "travel"},
        {"Caf\xc3\xa9 review", "the cr\xc3\xa8me br\xc3\xbbl\xc3\xa9" "e was na\xc3\xafve", "write"},
        {"Fix the bike", "new chain, new brakes, milk for the cat", "home"},
        {"Report draft", "quarterly report: numbers, charts and a summary", "work"},
        {"", "", "empty"},
        {"Milk milk MILK", "repeated words", "errand"},
    };
    int64_t id = 1;
    for (auto& row : rows) {
        Obj o = note->create_object_with_primary_key(Mixed(id++));
        o.set(c_title, StringData(row[0]));
        if (row[1])
            o.set(c_body, StringData(row[1]));
        o.set(c_tag, StringData(row[2]));
    }
}
#endif

using Filler = void (*)(Transaction&);

void write_db_file(const std::string& path, Filler fill, const char* key = nullptr)
{
    remove_db_files(path);
    {
        DBOptions options(key);
#if REALM_VERSION_MAJOR <= 10
        auto history = make_in_realm_history(path);
        DBRef db = DB::create(*history, options);
#else
        auto history = make_in_realm_history();
        DBRef db = DB::create(*history, path, options);
#endif
        auto tr = db->start_write();
        fill(*tr);
        tr->commit();
        // a second commit, as apps make: add and remove a table (leaves a tagged slot)
        auto tr2 = db->start_write();
        tr2->add_table("class_Removed");
        tr2->commit();
        auto tr3 = db->start_write();
        tr3->remove_table("class_Removed");
        tr3->commit();
        db->close();
    }
    std::string keep = path + ".keep";
    std::rename(path.c_str(), keep.c_str());
    remove_db_files(path);
    std::rename(keep.c_str(), path.c_str());
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 2 && !(argc == 3 && (std::string(argv[2]) == "enum-strings" || std::string(argv[2]) == "full-text"))) {
        std::cerr << "usage: realmgen OUTPUT_DIR [enum-strings | full-text]\n";
        return 2;
    }
    std::string dir = argv[1];
    if (!dir.empty() && dir.back() == '/')
        dir.pop_back();

    try {
#if REALM_VERSION_MAJOR >= 13
        // Added later still, and only where realm-core has full-text indexes: `realmgen DIR full-text` writes it alone.
        if (argc == 3 && std::string(argv[2]) == "full-text") {
            write_db_file(dir + "/full-text.realm", fill_full_text);
            write_json(dir + "/full-text.realm",
                       "8 notes whose title and body (optional) have full-text indexes and whose tag has a search index");
            return 0;
        }
#endif
        // Added later than the others: written alone with `realmgen DIR enum-strings`, so that the other
        // fixtures' bytes stay as committed; a plain run writes it too.
        write_db_file(dir + "/enum-strings.realm", fill_enum_strings);
        write_json(dir + "/enum-strings.realm",
                   "600 objects whose string columns color (required) and size (nullable) are enumerated "
                   "(Table::enumerate_string_column); note stays a plain string column");
        if (argc == 3)
            return 0;
        write_db_file(dir + "/all-types.realm", fill_all_types);
#if REALM_VERSION_MAJOR >= 14
        const char* all_types = "every column type, required and optional; links, lists, sets, dictionaries, "
                                "embedded objects, Mixed with a nested list; written by DB (in-Realm history) in "
                                "three commits";
#elif REALMGEN_MODERN
        const char* all_types = "every column type, required and optional; links, lists, sets, dictionaries, "
                                "embedded objects (no nested collections before Core 14); written by DB (in-Realm "
                                "history) in three commits";
#else
        const char* all_types = "every Core 6 column type (int, bool, float, double, string, binary, timestamp), "
                                "required and optional; links, link lists, lists of primitives; written by DB "
                                "(in-Realm history) in three commits";
#endif
        write_json(dir + "/all-types.realm", all_types);

        write_db_file(dir + "/many-objects.realm", fill_many_objects);
        write_json(dir + "/many-objects.realm",
                   "700 objects in one class, 85 of them deleted (inner cluster node, leaves with key arrays); "
                   "lists of 2500 ints, 1200 strings, 615 links"
                   REALMGEN_SET_NOTE " (inner B+tree nodes)");

        write_db_file(dir + "/big-values.realm", fill_big_values);
        write_json(dir + "/big-values.realm",
                   "strings of 0, 15, 16, 63, 64, 1000, 65536 and 150000 bytes; blobs up to 199000 bytes; nulls");

        {
            std::string path = dir + "/streaming.realm";
            remove_file(path);
            Group source(dir + "/all-types.realm");
            source.write(path); // Group::write: the streaming form ("write copy" / compact / export)
            write_json(path, "all-types.realm written again with Group::write (streaming form: footer, no history)");
        }

        {
            std::string path = dir + "/encrypted.realm";
            char key[64];
            for (int i = 0; i < 64; ++i)
                key[i] = char(i);
            write_db_file(path, fill_all_types, key);
            write_json(path, "all-types content, encrypted with the key 00 01 02 ... 3f (64 bytes)", key,
                       "all-types.realm");
        }

        {
            std::string path = dir + "/empty.realm";
            write_db_file(path, [](Transaction& tr) { add_metadata(tr, 0); });
            write_json(path, "no classes: only the object store's metadata table");
        }
    }
    catch (const std::exception& e) {
        std::cerr << "realmgen: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
