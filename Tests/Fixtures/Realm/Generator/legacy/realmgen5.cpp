// realmgen5: writes `.realm` fixture files of file format 9 (the last row-index format) with
// realm-core 5's own storage API (SharedGroup, Group, Table, LinkView), and beside each file a
// JSON document of what it holds, read back through realm-core 5 (a read-only Group on the
// finished file). The legacy counterpart of ../realmgen.cpp; see README.md beside this file.
// The same source builds against realm-core 3.2.1 (writes format 8), 2.9.2 (7), 1.5.1 (5), 0.97.4
// (3: no Timestamp, dates are old DateTime columns; no history) and 0.92.4 without null strings (2:
// no nulls, no encryption) through the guards below and in realmjson5.hpp.
//
// Not part of `swift build`.
//
// Usage: realmgen5 OUTPUT_DIR
//   Writes into OUTPUT_DIR (which must exist; files of the same names are replaced):
//   all-types, enum-strings, links, many-objects, many-rows, big-values, streaming,
//   encrypted, empty (NAME.realm and NAME.json each).

#include <stdexcept> // g++ 12: realm-core 5 headers do not include it themselves
#include <limits>
#include <cstdint>
#include <realm/version.hpp>
#include <realm/group_shared.hpp>
#include <realm/group.hpp>
#include <realm/table.hpp>
#include <realm/descriptor.hpp>
#include <realm/link_view.hpp>
#include <realm/history.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>
#include <unistd.h>

#include "realmjson5.hpp"

using namespace realm;

namespace {

// Dates. Formats >= 5 (realm-core >= 1) store them as Timestamp columns; realm-core 0.9x (formats
// 2-4) has only the old DateTime (whole seconds), which the SDKs of its time used instead: there
// every Timestamp column of the model below is an old DateTime column and nanoseconds are dropped.
#if REALM5_HAS_TIMESTAMP
const DataType type_Date = type_Timestamp;
void set_date(Table& t, size_t col, size_t row, int64_t seconds, int32_t nanoseconds)
{
    t.set_timestamp(col, row, Timestamp(seconds, nanoseconds));
}
#else
const DataType type_Date = type_DateTime;
void set_date(Table& t, size_t col, size_t row, int64_t seconds, int32_t)
{
    t.set_datetime(col, row, DateTime(seconds));
}
#endif

// Nullable columns. realm-core 0.92 built without null strings (the build that writes format 2)
// supports no null at all (Table::set_null asserts): there every optional column of the model is a
// required one and keeps its default value (0, false, "", empty binary, date 0) where the model has
// null. Format-2 files of the SDKs have no nullable columns either.
#if REALM5_MAJOR >= 1 || REALM5_MINOR >= 93
const bool kOptional = true;
#else
const bool kOptional = false;
#endif

void set_olddate(Table& t, size_t col, size_t row, int64_t seconds)
{
#if REALM5_MAJOR >= 1
    t.set_olddatetime(col, row, OldDateTime(seconds));
#else
    t.set_datetime(col, row, DateTime(seconds));
#endif
}

void remove_file(const std::string& path)
{
    ::unlink(path.c_str());
}

// Remove a realm file and the files SharedGroup keeps beside it (lock, note, management folder).
void remove_db_files(const std::string& path)
{
    remove_file(path);
    remove_file(path + ".lock");
    remove_file(path + ".note");
    std::string cmd = "rm -rf '" + path + ".management'";
    if (std::system(cmd.c_str()) != 0)
        std::cerr << "could not remove " << path << ".management\n";
}

void write_json(const std::string& path, const std::string& description, const char* key = nullptr,
                const std::string& unencrypted_twin = "")
{
    Group group(path, key); // read-only
    std::string json = realmjson5::document_json(group, path.substr(path.find_last_of('/') + 1), path, description,
                                                 key, unencrypted_twin);
    std::string json_path = path.substr(0, path.size() - 6) + ".json";
    std::ofstream(json_path, std::ios::binary | std::ios::trunc) << json;
    std::cout << "wrote " << path << " and " << json_path << "\n";
}

// ---------------------------------------------------------------------------------------
// Content, laid out the way the object store of the Core 5 era (realm-object-store, used by
// realm-cocoa 3.x, realm-js 2.x, realm-java 5.x) lays it out: classes are tables `class_<Name>`;
// `create_metadata_tables` first adds a table `pk` (string columns `pk_table`, `pk_property`,
// search index on `pk_table`) and a table `metadata` (int column `version`, one row); a primary key
// is a row (class name without `class_`, property name) in `pk`, and its column has a search
// index; lists of primitives are subtable columns with one column `!ARRAY_VALUE`; objects are
// deleted with move_last_over (the last row moves into the gap).

void add_object_store_tables(Group& g, int64_t schema_version)
{
    TableRef pk = g.add_table("pk");
    pk->add_column(type_String, "pk_table");
    pk->add_column(type_String, "pk_property");
    pk->add_search_index(0);
    TableRef meta = g.add_table("metadata");
    meta->add_column(type_Int, "version");
    meta->add_empty_row();
    meta->set_int(0, 0, schema_version);
}

void set_primary_key(Group& g, const char* cls, const char* property)
{
    TableRef pk = g.get_table("pk");
    size_t row = pk->add_empty_row();
    pk->set_string(0, row, cls);
    pk->set_string(1, row, property);
    std::string name = std::string("class_") + cls;
    TableRef table = g.get_table(name);
    table->add_search_index(table->get_column_index(property));
}

// A list of primitives, as the object store of Core 5 makes it: a subtable column whose one
// column is `!ARRAY_VALUE`.
size_t add_array_column(Table& table, DataType element, StringData name, bool nullable = false)
{
    DescriptorRef sub;
    size_t col = table.add_column(type_Table, name, &sub);
    sub->add_column(element, "!ARRAY_VALUE", nullptr, nullable && kOptional);
    return col;
}

void append_int(Table& t, size_t col, size_t row, int64_t v)
{
    TableRef sub = t.get_subtable(col, row);
    sub->set_int(0, sub->add_empty_row(), v);
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

// Same model and data as ../realmgen.cpp fill_all_types for Core 6 (format 11): class_AllTypes,
// class_Dog, class_Person (lists of primitives as `!ARRAY_VALUE` subtables); plus
// class_LegacyTypes with the column types only formats <= 9 have.
void fill_all_types(Group& g)
{
    add_object_store_tables(g, 3);

    TableRef all = g.add_table("class_AllTypes");
    size_t c_id = all->add_column(type_Int, "_id");
    size_t c_int = all->add_column(type_Int, "intValue");
    size_t c_bool = all->add_column(type_Bool, "boolValue");
    size_t c_float = all->add_column(type_Float, "floatValue");
    size_t c_double = all->add_column(type_Double, "doubleValue");
    size_t c_string = all->add_column(type_String, "stringValue");
    size_t c_binary = all->add_column(type_Binary, "binaryValue");
    size_t c_date = all->add_column(type_Date, "dateValue");
    size_t o_int = all->add_column(type_Int, "optIntValue", kOptional);
    size_t o_bool = all->add_column(type_Bool, "optBoolValue", kOptional);
    size_t o_float = all->add_column(type_Float, "optFloatValue", kOptional);
    size_t o_double = all->add_column(type_Double, "optDoubleValue", kOptional);
    size_t o_string = all->add_column(type_String, "optStringValue", kOptional);
    size_t o_binary = all->add_column(type_Binary, "optBinaryValue", kOptional);
    size_t o_date = all->add_column(type_Date, "optDateValue", kOptional);
    size_t c_indexed = all->add_column(type_String, "indexedString");
    all->add_search_index(c_indexed);
    set_primary_key(g, "AllTypes", "_id");

    const std::string unicode[] = {
        "",
        "plain ascii",
        "caf\xc3\xa9 \xe2\x80\x94 na\xc3\xafve",
        "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e",
        "\xf0\x9f\x98\x80 emoji \xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd",
        "quote \" backslash \\ tab \t newline \n end",
        long_text(40, "medium string "),
        long_text(200, "long string \xc3\xa9\xe2\x82\xac "),
    };

    for (int64_t i = 0; i < 12; ++i) {
        size_t r = all->add_empty_row();
        all->set_int(c_id, r, i * 10);
        const std::string& s = unicode[i % 8];
        std::string bin = blob_bytes(size_t(i * 3), uint32_t(i));
        all->set_int(c_int, r, i == 0 ? std::numeric_limits<int64_t>::min()
                               : i == 1 ? std::numeric_limits<int64_t>::max() : i * i * (i % 2 ? -1 : 1) * 1000);
        all->set_bool(c_bool, r, i % 2 == 0);
        all->set_float(c_float, r, i == 2 ? std::numeric_limits<float>::infinity() : float(i) * 0.5f - 1.25f);
        all->set_double(c_double, r, i == 3 ? -0.0 : i == 4 ? 1e300 : double(i) / 3.0);
        all->set_string(c_string, r, StringData(s));
        all->set_binary(c_binary, r, BinaryData(bin.data(), bin.size()));
        set_date(*all, c_date, r, i == 5 ? -86400 * 365 : 1600000000 + i * 86400, int32_t(i * 1000));
        std::string indexed = "key-" + std::to_string(i % 4);
        all->set_string(c_indexed, r, StringData(indexed));
        if (i % 2 == 1) {
            all->set_int(o_int, r, i);
            all->set_bool(o_bool, r, i % 4 == 1);
            all->set_float(o_float, r, float(i) + 0.125f);
            all->set_double(o_double, r, double(i) + 0.0625);
            all->set_string(o_string, r, StringData(s));
            all->set_binary(o_binary, r, BinaryData(bin.data(), bin.size()));
            set_date(*all, o_date, r, i, 0);
        }
    }
    // an empty (not null) string and binary in the optional columns
    all->set_string(o_string, 0, StringData("", 0));
    all->set_binary(o_binary, 0, BinaryData("", 0));

    // -- links, link lists, lists of primitives; string primary keys
    TableRef dog = g.add_table("class_Dog");
    TableRef person = g.add_table("class_Person");
    size_t d_id = dog->add_column(type_String, "_id");
    size_t d_name = dog->add_column(type_String, "dogName");
    size_t d_age = dog->add_column(type_Int, "age", kOptional);
    set_primary_key(g, "Dog", "_id");
    size_t p_name = person->add_column(type_String, "name");
    size_t p_age = person->add_column(type_Int, "age");
    size_t p_dog = person->add_column_link(type_Link, "favouriteDog", *dog);
    size_t p_dogs = person->add_column_link(type_LinkList, "dogs", *dog);
    size_t p_best = person->add_column_link(type_Link, "bestFriend", *person);
    size_t p_scores = add_array_column(*person, type_Int, "scores");
    size_t p_optscores = add_array_column(*person, type_Double, "optScores", kOptional);
    size_t p_nicks = add_array_column(*person, type_String, "nicknames");
    size_t p_dates = add_array_column(*person, type_Date, "dates");
    set_primary_key(g, "Person", "name");

    const char* dog_names[] = {"Rex", "Fido", "Bella", "Luna"};
    for (int i = 0; i < 4; ++i) {
        size_t r = dog->add_empty_row();
        std::string id = "dog-" + std::to_string(i + 1);
        dog->set_string(d_id, r, StringData(id));
        dog->set_string(d_name, r, dog_names[i]);
        if (i != 2)
            dog->set_int(d_age, r, i + 1);
    }
    person->add_empty_row(3);
    const size_t alice = 0, bob = 1, zoe = 2;
    person->set_string(p_name, alice, "Alice");
    person->set_string(p_name, bob, "Bob");
    person->set_string(p_name, zoe, "Zo\xc3\xab");
    person->set_int(p_age, alice, 34);
    person->set_link(p_dog, alice, 0);
    person->set_link(p_best, alice, bob);
    person->set_int(p_age, bob, 29);
    person->set_link(p_best, bob, alice);
    person->set_int(p_age, zoe, 7);
    {
        LinkViewRef l = person->get_linklist(p_dogs, alice);
        l->add(0);
        l->add(2);
        l->add(0);
        person->get_linklist(p_dogs, bob)->add(1);
    }
    for (int64_t v : {int64_t(3), int64_t(1), int64_t(4), int64_t(1), int64_t(5), int64_t(-9), int64_t(2600000000LL)})
        append_int(*person, p_scores, alice, v);
    {
        TableRef opt = person->get_subtable(p_optscores, alice);
        opt->add_empty_row(3);
        opt->set_double(0, 0, 1.5);
        if (kOptional)
            opt->set_null(0, 1);
        opt->set_double(0, 2, -2.0);
        TableRef nicks = person->get_subtable(p_nicks, alice);
        nicks->add_empty_row(3);
        nicks->set_string(0, 0, "Al");
        nicks->set_string(0, 1, "\xe3\x82\xa2\xe3\x83\xaa\xe3\x82\xb9");
        nicks->set_string(0, 2, "");
        TableRef dates = person->get_subtable(p_dates, alice);
        dates->add_empty_row(2);
        set_date(*dates, 0, 0, 0, 0);
        set_date(*dates, 0, 1, 1234567890, 500);
    }
    append_int(*person, p_scores, bob, 100);

    // -- what only formats <= 9 have: old DateTime (type 7, whole seconds), old Mixed (type 6)
    // holding each type incl. a subtable, a subtable column of several columns (type 5), and
    // search indexes on bool and timestamp columns
    TableRef legacy = g.add_table("class_LegacyTypes");
    size_t l_date = legacy->add_column(REALM5_TYPE_OLDDT, "oldDate");
    size_t l_optdate = legacy->add_column(REALM5_TYPE_OLDDT, "optOldDate", kOptional);
    size_t l_any = legacy->add_column(type_Mixed, "anyValue");
    DescriptorRef points_desc;
    size_t l_points = legacy->add_column(type_Table, "points", &points_desc);
    points_desc->add_column(type_Int, "x");
    points_desc->add_column(type_Double, "y", nullptr, kOptional);
    points_desc->add_column(type_String, "label", nullptr, kOptional);
    points_desc.reset();
    size_t l_flag = legacy->add_column(type_Bool, "indexedBool");
    size_t l_when = legacy->add_column(type_Date, "indexedDate", kOptional);
    legacy->add_search_index(l_flag);
    legacy->add_search_index(l_when);
    for (int64_t i = 0; i < 10; ++i) {
        size_t r = legacy->add_empty_row();
        set_olddate(*legacy, l_date, r, i == 3 ? -86400 * 365 : 1500000000 + i * 3600);
        if (i % 2 == 1)
            set_olddate(*legacy, l_optdate, r, i * 1000);
        switch (i) {
            case 0: legacy->set_mixed(l_any, r, Mixed(int64_t(42))); break;
            case 1: legacy->set_mixed(l_any, r, Mixed(true)); break;
            case 2: legacy->set_mixed(l_any, r, Mixed(1.5f)); break;
            case 3: legacy->set_mixed(l_any, r, Mixed(2.25)); break;
            case 4: legacy->set_mixed(l_any, r, Mixed(StringData("mixed string"))); break;
            case 5: legacy->set_mixed(l_any, r, Mixed(BinaryData("\x00\x01\x02\xff", 4))); break;
            case 6: legacy->set_mixed(l_any, r, Mixed(REALM5_OLDDT(int64_t(1700000000)))); break;
#if REALM5_HAS_TIMESTAMP
            case 7: legacy->set_mixed(l_any, r, Mixed(Timestamp(1700000000, 123456789))); break;
#else
            case 7: legacy->set_mixed(l_any, r, Mixed(StringData("no Timestamp before format 5"))); break;
#endif
            case 8: {
                legacy->set_mixed(l_any, r, Mixed(Mixed::subtable_tag()));
                TableRef sub = legacy->get_subtable(l_any, r);
                sub->add_column(type_String, "k");
                sub->add_column(type_Int, "v");
                sub->add_empty_row(2);
                sub->set_string(0, 0, "one");
                sub->set_int(1, 0, 1);
                sub->set_string(0, 1, "two");
                sub->set_int(1, 1, 2);
                break;
            }
            default: legacy->set_mixed(l_any, r, Mixed(int64_t(-7))); break;
        }
        TableRef pts = legacy->get_subtable(l_points, r);
        for (int64_t p = 0; p < i % 3; ++p) {
            size_t pr = pts->add_empty_row();
            pts->set_int(0, pr, i * 10 + p);
            if (p == 0)
                pts->set_double(1, pr, double(i) + 0.5);
            if (p == 1) {
                std::string label = "point " + std::to_string(i);
                pts->set_string(2, pr, StringData(label));
            }
        }
        legacy->set_bool(l_flag, r, i % 3 == 0);
        if (i % 4 != 0)
            set_date(*legacy, l_when, r, 1600000000 + i, int32_t(i));
    }
}

// Same model and data as ../realmgen.cpp fill_many_objects (Core 6 form): 700 items, every 7th
// from 105 on deleted (move_last_over, so rows are renumbered as an app's deletions renumbered
// them), lists of 2500 ints and 1200 strings (`!ARRAY_VALUE` subtables: inner B+tree nodes) and a
// link list of all 615 remaining items in id order.
void fill_many_objects(Group& g)
{
    add_object_store_tables(g, 1);
    TableRef item = g.add_table("class_Item");
    size_t c_id = item->add_column(type_Int, "id");
    size_t c_name = item->add_column(type_String, "name");
    size_t c_value = item->add_column(type_Double, "value", kOptional);
    size_t c_next = item->add_column_link(type_Link, "next", *item);
    set_primary_key(g, "Item", "id");
    item->add_empty_row(700);
    for (int64_t i = 0; i < 700; ++i) {
        item->set_int(c_id, size_t(i), i);
        std::string name = "item " + std::to_string(i);
        item->set_string(c_name, size_t(i), StringData(name));
        if (i % 5 != 0)
            item->set_double(c_value, size_t(i), double(i) * 1.5);
    }
    for (int64_t i = 0; i + 1 < 700; ++i)
        item->set_link(c_next, size_t(i), size_t(i + 1));
    for (int64_t i = 105; i < 700; i += 7)
        item->move_last_over(item->find_first_int(c_id, i));

    TableRef holder = g.add_table("class_ListHolder");
    size_t h_id = holder->add_column(type_String, "_id");
    size_t h_ints = add_array_column(*holder, type_Int, "ints");
    size_t h_strings = add_array_column(*holder, type_String, "strings");
    size_t h_items = holder->add_column_link(type_LinkList, "items", *item);
    set_primary_key(g, "ListHolder", "_id");
    holder->add_empty_row(2);
    holder->set_string(h_id, 0, "big");
    {
        TableRef ints = holder->get_subtable(h_ints, 0);
        ints->add_empty_row(2500);
        for (int64_t i = 0; i < 2500; ++i)
            ints->set_int(0, size_t(i), i * 37 - 1000);
        TableRef strings = holder->get_subtable(h_strings, 0);
        strings->add_empty_row(1200);
        for (int i = 0; i < 1200; ++i) {
            std::string text = "s" + std::to_string(i);
            strings->set_string(0, size_t(i), StringData(text));
        }
        // in id order, as the modern generator adds them (its table order is key = id order)
        LinkViewRef items = holder->get_linklist(h_items, 0);
        for (int64_t i = 0; i < 700; ++i) {
            size_t r = item->find_first_int(c_id, i);
            if (r != not_found)
                items->add(r);
        }
    }
    holder->set_string(h_id, 1, "small");
    append_int(*holder, h_ints, 1, 1);
}

// Only in the legacy set: top-level column B+trees with inner nodes (Core 5 leaves hold at most
// REALM_MAX_BPNODE_SIZE = 1000 entries; formats >= 10 have clusters instead). 5000 rows, every 7th
// from 105 on deleted (move_last_over), an enumerated string column (Table::optimize), a link
// list of 2500 links (inner node).
void fill_many_rows(Group& g)
{
    add_object_store_tables(g, 1);
    TableRef row = g.add_table("class_Row");
    size_t c_id = row->add_column(type_Int, "id");
    size_t c_name = row->add_column(type_String, "name");
    size_t c_value = row->add_column(type_Double, "value", kOptional);
    size_t c_flag = row->add_column(type_Bool, "flag");
    size_t c_when = row->add_column(type_Date, "when", kOptional);
    size_t c_tag = row->add_column(type_String, "tag");
    size_t c_next = row->add_column_link(type_Link, "next", *row);
    size_t c_some = row->add_column_link(type_LinkList, "some", *row);
    set_primary_key(g, "Row", "id");
    const int64_t n = 5000;
    row->add_empty_row(size_t(n));
    const char* tags[] = {"alpha", "beta", "gamma", "delta", ""};
    for (int64_t i = 0; i < n; ++i) {
        size_t r = size_t(i);
        row->set_int(c_id, r, i);
        std::string name = "row " + std::to_string(i) + (i % 3 == 0 ? " \xc3\xa9t\xc3\xa9" : "");
        row->set_string(c_name, r, StringData(name));
        if (i % 5 != 0)
            row->set_double(c_value, r, double(i) * 0.25);
        row->set_bool(c_flag, r, i % 2 == 1);
        if (i % 3 != 0)
            set_date(*row, c_when, r, 1500000000 + i * 60, int32_t(i % 1000) * 1000);
        row->set_string(c_tag, r, tags[i % 5]);
        if (i + 1 < n)
            row->set_link(c_next, r, r + 1);
    }
    {
        LinkViewRef some = row->get_linklist(c_some, 0);
        for (int64_t i = 0; i < 2500; ++i)
            some->add(size_t((i * 7919) % n));
        row->get_linklist(c_some, 1)->add(0);
    }
    for (int64_t i = 105; i < n; i += 7)
        row->move_last_over(row->find_first_int(c_id, i));
    row->optimize(); // enumerates `tag` (5 distinct values); `name` has too few repeats
}

// Same model and data as ../realmgen.cpp fill_big_values.
void fill_big_values(Group& g)
{
    add_object_store_tables(g, 0);
    TableRef doc = g.add_table("class_Document");
    size_t c_id = doc->add_column(type_Int, "_id");
    size_t c_title = doc->add_column(type_String, "title");
    size_t c_body = doc->add_column(type_String, "body", kOptional);
    size_t c_data = doc->add_column(type_Binary, "data", kOptional);
    set_primary_key(g, "Document", "_id");
    const size_t sizes[] = {0, 15, 16, 63, 64, 1000, 5000, 70000};
    for (int64_t i = 0; i < 8; ++i) {
        size_t r = doc->add_empty_row();
        doc->set_int(c_id, r, i);
        std::string title = "doc " + std::to_string(sizes[i]);
        doc->set_string(c_title, r, StringData(title));
        std::string body = long_text(sizes[i], i % 2 ? "\xe2\x82\xac\xc3\xa9" : "lorem ipsum ");
        doc->set_string(c_body, r, StringData(body));
        std::string data = blob_bytes(sizes[i] + size_t(i) * 1000, uint32_t(100 + i));
        doc->set_binary(c_data, r, BinaryData(data.data(), data.size()));
    }
    size_t r = doc->add_empty_row();
    doc->set_int(c_id, r, 8);
    doc->set_string(c_title, r, "all null");
}

// Same model and data as ../realmgen.cpp fill_enum_strings; Table::optimize() turns `color` and
// `size` into string-enum columns (type 3 in the spec, keys in the spec's enum-keys array); `note`
// (600 distinct values) has too few repeats and stays a plain string column.
void fill_enum_strings(Group& g)
{
    add_object_store_tables(g, 2);
    TableRef shirt = g.add_table("class_Shirt");
    size_t c_id = shirt->add_column(type_Int, "_id");
    size_t c_color = shirt->add_column(type_String, "color");
    size_t c_size = shirt->add_column(type_String, "size", kOptional);
    size_t c_note = shirt->add_column(type_String, "note");
    set_primary_key(g, "Shirt", "_id");
    const char* colors[] = {"red", "green", "blue", "\xc3\xbc" "n" "\xc3\xaf" "code", ""};
    const char* sizes[] = {"S", "M", "XL"};
    shirt->add_empty_row(600);
    for (int64_t i = 0; i < 600; ++i) {
        size_t r = size_t(i);
        shirt->set_int(c_id, r, i);
        shirt->set_string(c_color, r, colors[i % 5]);
        if (i % 4 != 0)
            shirt->set_string(c_size, r, sizes[i % 3]);
        std::string note = "note " + std::to_string(i);
        shirt->set_string(c_note, r, StringData(note));
    }
    shirt->optimize();
}

// Only in the legacy set: links and link lists in every state, incl. links to a deleted row.
// class_Target rows id 0..5; class_Source rows (id 0..4):
//   0: target -> 1, targets [0, 1, 2, 1], other -> Source 1
//   1: target null, targets never touched (ref 0), other null
//   2: target -> 3, targets [3, 5, 3], other -> itself
//   3: target -> 5, targets [5], other -> Source 0
//   4: target null, targets [0] then cleared (empty)
// then Target id 3 is deleted with move_last_over: links to it become null, its entries leave the
// link lists, and Target id 5 (the last row) moves into row 3, so links to it now say row 3.
void fill_links(Group& g)
{
    add_object_store_tables(g, 4);
    TableRef target = g.add_table("class_Target");
    TableRef source = g.add_table("class_Source");
    size_t t_id = target->add_column(type_Int, "id");
    size_t t_name = target->add_column(type_String, "name");
    set_primary_key(g, "Target", "id");
    size_t s_id = source->add_column(type_Int, "id");
    size_t s_target = source->add_column_link(type_Link, "target", *target);
    size_t s_targets = source->add_column_link(type_LinkList, "targets", *target);
    size_t s_other = source->add_column_link(type_Link, "other", *source);
    set_primary_key(g, "Source", "id");
    target->add_empty_row(6);
    for (size_t i = 0; i < 6; ++i) {
        target->set_int(t_id, i, int64_t(i));
        std::string name = "t" + std::to_string(i);
        target->set_string(t_name, i, StringData(name));
    }
    source->add_empty_row(5);
    for (size_t i = 0; i < 5; ++i)
        source->set_int(s_id, i, int64_t(i));
    source->set_link(s_target, 0, 1);
    for (size_t t : {0, 1, 2, 1})
        source->get_linklist(s_targets, 0)->add(t);
    source->set_link(s_other, 0, 1);
    source->set_link(s_target, 2, 3);
    for (size_t t : {3, 5, 3})
        source->get_linklist(s_targets, 2)->add(t);
    source->set_link(s_other, 2, 2);
    source->set_link(s_target, 3, 5);
    source->get_linklist(s_targets, 3)->add(5);
    source->set_link(s_other, 3, 0);
    {
        LinkViewRef l = source->get_linklist(s_targets, 4);
        l->add(0);
        l->clear();
    }
    target->move_last_over(target->find_first_int(t_id, 3));
}

using Filler = void (*)(Group&);

void write_db_file(const std::string& path, Filler fill, const char* key = nullptr, bool compact = false)
{
    remove_db_files(path);
    {
#if REALM5_MAJOR >= 2
        std::unique_ptr<Replication> history = make_in_realm_history(path);
        SharedGroupOptions options(SharedGroupOptions::Durability::Full, key);
        SharedGroup sg(*history, options);
#else
        // realm-core 0.9x: no history (the SDKs of its time used none), which keeps the file at
        // format 3; an in-Realm history would make it format 4
        SharedGroup sg(path, false, SharedGroup::durability_Full, key);
#endif
        {
            WriteTransaction wt(sg);
            fill(wt.get_group());
            wt.commit();
        }
        // two more commits, as apps make: add and remove a table
        {
            WriteTransaction wt(sg);
            wt.get_group().add_table("class_Removed");
            wt.commit();
        }
        {
            WriteTransaction wt(sg);
            wt.get_group().remove_table("class_Removed");
            wt.commit();
        }
        if (compact) {
            // SharedGroup::compact (an app's compactOnLaunch): rewrites the file without the free
            // space the first commit left (the file grows in steps while it is written), in the
            // streaming form; the next commit turns it back into the normal form.
            if (!sg.compact())
                throw std::runtime_error("compact failed: " + path);
            WriteTransaction wt(sg);
            TableRef meta = wt.get_group().get_table("metadata");
            meta->set_int(0, 0, meta->get_int(0, 0));
            wt.commit();
        }
        sg.close();
    }
    std::string keep = path + ".keep";
    std::rename(path.c_str(), keep.c_str());
    remove_db_files(path);
    std::rename(keep.c_str(), path.c_str());
}

} // namespace

#if REALM5_HAS_TIMESTAMP
#define REALMGEN5_DATES "timestamp"
#else
#define REALMGEN5_DATES "old DateTime in place of timestamp (format < 5)"
#endif
#if REALM5_MAJOR >= 2
#define REALMGEN5_HISTORY "in-Realm history"
#else
#define REALMGEN5_HISTORY "no history"
#endif

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::cerr << "usage: realmgen5 OUTPUT_DIR\n";
        return 2;
    }
    std::string dir = argv[1];
    if (!dir.empty() && dir.back() == '/')
        dir.pop_back();
    try {
        write_db_file(dir + "/all-types.realm", fill_all_types);
        write_json(dir + "/all-types.realm",
                   "every column type: int, bool, float, double, string, binary, " REALMGEN5_DATES " (required and "
                   "optional), links, link lists, lists of primitives as !ARRAY_VALUE subtables, primary keys in the "
                   "pk table; class_LegacyTypes: old DateTime, old Mixed (incl. a subtable), a subtable column, "
                   "indexed bool and date; written by SharedGroup (" REALMGEN5_HISTORY ") in three commits");

        write_db_file(dir + "/enum-strings.realm", fill_enum_strings, nullptr, true);
        write_json(dir + "/enum-strings.realm",
                   "600 rows whose string columns color (required) and size (nullable) are string-enum columns "
                   "(Table::optimize); note stays a plain string column");

        write_db_file(dir + "/links.realm", fill_links);
        write_json(dir + "/links.realm",
                   "links and link lists: null links, a never-touched and a cleared (empty) link list, repeats, a "
                   "self link, and Target id 3 deleted with move_last_over (links to it nullified, Target id 5 "
                   "moved into its row)");

        write_db_file(dir + "/many-objects.realm", fill_many_objects, nullptr, true);
        write_json(dir + "/many-objects.realm",
                   "700 rows in one class, 85 of them deleted (move_last_over); lists of 2500 ints and 1200 strings "
                   "(!ARRAY_VALUE subtables, inner B+tree nodes) and a link list of 615 links");

        write_db_file(dir + "/many-rows.realm", fill_many_rows, nullptr, true);
        write_json(dir + "/many-rows.realm",
                   "5000 rows, every 7th from 105 on deleted (move_last_over): top-level column B+trees with inner "
                   "nodes, an enumerated string column, a link list of 2500 links");

        write_db_file(dir + "/big-values.realm", fill_big_values, nullptr, true);
        write_json(dir + "/big-values.realm",
                   "strings of 0, 15, 16, 63, 64, 1000, 5000 and 70000 bytes; blobs of those sizes plus i * 1000 "
                   "bytes; a row of nulls");

        {
            std::string path = dir + "/streaming.realm";
            remove_file(path);
            Group source(dir + "/all-types.realm");
            source.write(path); // the streaming form (compact / write copy)
            write_json(path, "all-types.realm written again with Group::write (streaming form: footer, no history)");
        }

#if REALM5_MAJOR >= 1 || REALM5_MINOR >= 93
        // (realm-core 0.92's AESCryptor aborts in its constructor with OpenSSL 3: no encrypted
        // fixture from that build)
        {
            std::string path = dir + "/encrypted.realm";
            char key[64];
            for (int i = 0; i < 64; ++i)
                key[i] = char(i);
            write_db_file(path, fill_all_types, key);
            write_json(path, "all-types content, encrypted with the key 00 01 02 ... 3f (64 bytes)", key,
                       "all-types.realm");
        }
#endif

        {
            std::string path = dir + "/empty.realm";
            write_db_file(path, [](Group& g) { add_object_store_tables(g, 0); });
            write_json(path, "no classes: only the object store's pk and metadata tables");
        }
    }
    catch (const std::exception& e) {
        std::cerr << "realmgen5: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
