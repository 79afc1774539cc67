// realm2csv: the pipeline a user would script without Strata to move a `.realm` file into
// SQLite, first half: realm-core reads every object and writes each class as CSV, in the SQLite
// mapping of issue 15 (/work/notes/realm-mapping.md, the manual's section on `convert`), with the
// CREATE TABLE statements of that mapping and a script for the sqlite3 shell's `.import`.
// The `realm-convert` benchmark (Benchmarks/run) times it against `strata convert`.
//
// Not part of `swift build`. See README.md beside this file for how to build and run it.
//
// Usage: realm2csv IN.realm OUTDIR       writes into OUTDIR (created if missing):
//          schema.sql   CREATE TABLE statements and PRAGMA user_version (the schema version)
//          import.sql   for `sqlite3 OUT.sqlite < OUTDIR/import.sql`: one transaction that reads
//                       schema.sql, `.import --csv --skip 1` of every CSV, and sets the optional
//                       properties' empty fields back to NULL (the shell imports them as '')
//          <Table>.csv  one per class and one per list/set property (RFC 4180, a header row,
//                       NULL as an empty field, an empty string as "")
//        realm2csv --discard IN.realm   reads and formats everything the same way and writes
//                       nothing (the reading part alone); prints the CSV bytes it made
//
// Generic over the file's tables (`class_<Name>`; `metadata` gives the schema version; other
// tables are not converted). Types: int, bool, float, double, string, timestamp, decimal128,
// ObjectId, UUID, links, and lists and sets of these and of links. Binary (CSV cannot carry it
// through `.import`), Mixed, typed links, dictionaries and nested collections are refused with a
// message naming the property.

#include <realm/group.hpp>
#include <realm/table.hpp>
#include <realm/obj.hpp>
#include <realm/list.hpp>
#include <realm/set.hpp>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>
#include <climits>
#include <sys/stat.h>

using namespace realm;

namespace {

struct Refusal : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// ---------------------------------------------------------------------------------------------
// Output: a buffer per CSV file, flushed in 1 MiB pieces (or counted and dropped: --discard)

struct Sink {
    std::string path;
    FILE* file = nullptr; // null: --discard
    std::string buf;
    uint64_t bytes = 0;
    uint64_t rows = 0;

    void flush()
    {
        bytes += buf.size();
        if (file && !buf.empty() && std::fwrite(buf.data(), 1, buf.size(), file) != buf.size())
            throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
        buf.clear();
    }
    void end_row()
    {
        buf += '\n';
        ++rows;
        if (buf.size() >= (1 << 20))
            flush();
    }
    void close()
    {
        flush();
        if (file && std::fclose(file) != 0)
            throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
        file = nullptr;
    }
};

void put_int(std::string& out, int64_t v)
{
    char buf[24];
    auto res = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, res.ptr);
}

void put_double(std::string& out, double v)
{
    if (std::isnan(v))
        return; // SQLite has no NaN: NULL, as sqlite3_bind_double makes it
    if (std::isinf(v)) {
        out += v > 0 ? "1e999" : "-1e999"; // SQLite reads these as ±Inf
        return;
    }
    char buf[32];
    auto res = std::to_chars(buf, buf + sizeof buf, v); // shortest round-trip form
    out.append(buf, res.ptr);
}

// RFC 4180: quoted when it holds a comma, quote, CR or LF, or is empty (so that an empty
// string differs from NULL in the file, though the sqlite3 shell imports both as '').
void put_text(std::string& out, const char* data, size_t size)
{
    bool quote = size == 0;
    for (size_t i = 0; i < size && !quote; ++i) {
        char c = data[i];
        quote = c == ',' || c == '"' || c == '\n' || c == '\r';
    }
    if (!quote) {
        out.append(data, size);
        return;
    }
    out += '"';
    for (size_t i = 0; i < size; ++i) {
        if (data[i] == '"')
            out += '"';
        out += data[i];
    }
    out += '"';
}

// ISO-8601 UTC: milliseconds, or 9 fraction digits when the nanoseconds are not whole ms.
void put_timestamp(std::string& out, Timestamp ts)
{
    int64_t seconds = ts.get_seconds();
    int32_t nanos = ts.get_nanoseconds();
    if (nanos < 0) {
        seconds -= 1;
        nanos += 1000000000;
    }
    int64_t days = seconds >= 0 ? seconds / 86400 : -((-seconds + 86399) / 86400);
    int64_t rem = seconds - days * 86400;
    int64_t z = days + 719468; // civil_from_days (H. Hinnant)
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t y = yoe + era * 400;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    int64_t d = doy - (153 * mp + 2) / 5 + 1;
    int64_t m = mp < 10 ? mp + 3 : mp - 9;
    if (m <= 2)
        ++y;
    char buf[80];
    int n;
    if (nanos % 1000000 == 0)
        n = std::snprintf(buf, sizeof buf, "%04lld-%02d-%02dT%02d:%02d:%02d.%03dZ", (long long)y, int(m), int(d),
                          int(rem / 3600), int(rem / 60 % 60), int(rem % 60), nanos / 1000000);
    else
        n = std::snprintf(buf, sizeof buf, "%04lld-%02d-%02dT%02d:%02d:%02d.%09dZ", (long long)y, int(m), int(d),
                          int(rem / 3600), int(rem / 60 % 60), int(rem % 60), nanos);
    out.append(buf, size_t(n));
}

// A value of a fixed-type column or collection element (never a link), in its CSV form.
void put_value(std::string& out, const Mixed& v)
{
    if (v.is_null())
        return;
    switch (v.get_type()) {
        case type_Int: put_int(out, v.get_int()); break;
        case type_Bool: out += v.get_bool() ? '1' : '0'; break;
        case type_Float: put_double(out, double(v.get_float())); break;
        case type_Double: put_double(out, v.get_double()); break;
        case type_String: {
            StringData s = v.get_string();
            put_text(out, s.data(), s.size());
            break;
        }
        case type_Timestamp: put_timestamp(out, v.get_timestamp()); break;
        case type_Decimal: out += v.get<Decimal128>().to_string(); break;
        case type_ObjectId: out += v.get<ObjectId>().to_string(); break;
        case type_UUID: out += v.get<UUID>().to_string(); break;
        default: throw Refusal("a value of type " + std::to_string(int(v.get_type())) + " cannot be written");
    }
}

// ---------------------------------------------------------------------------------------------
// The mapping

std::string quoted(const std::string& name)
{
    std::string out = "\"";
    for (char c : name) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + "\"";
}

const char* sql_type(DataType t)
{
    switch (t) {
        case type_Int: return "INTEGER";
        case type_Bool: return "BOOLEAN";
        case type_Float: return "FLOAT";
        case type_Double: return "DOUBLE";
        case type_String: return "TEXT";
        case type_Timestamp: return "DATETIME";
        case type_Decimal: return "DECIMAL TEXT";
        case type_ObjectId: return "OBJECTID TEXT";
        case type_UUID: return "UUID TEXT";
        default: return nullptr;
    }
}

std::string type_label(DataType t)
{
    switch (t) {
        case type_Binary: return "binary";
        case type_Mixed: return "mixed";
        case type_TypedLink: return "typed link";
        default: return "type " + std::to_string(int(t));
    }
}

struct Class;

// How a class is keyed in SQLite: its primary key, or `_key` (the ObjKey).
struct Key {
    std::string column = "_key";
    std::string type = "INTEGER";
    ColKey col; // the primary key column, or none: _key
    bool nullable = false;
};

struct Column {
    enum Kind { scalar, link, values, links } kind;
    std::string name;
    ColKey col;
    DataType type;
    bool nullable;
    bool is_set;
    const Class* target = nullptr;
    size_t sink = 0; // links/values: index of the list table's sink
};

struct Class {
    std::string name;
    ConstTableRef table;
    Key key;
    std::vector<Column> columns;
    std::vector<std::string> list_tables; // names of the X_p tables, by sink index - 1
};

struct Mapping {
    std::vector<Class> classes;
    int64_t user_version = 0;
    std::map<TableKey, size_t> by_table;
};

Mapping map_group(const Group& group)
{
    Mapping m;
    for (TableKey tk : group.get_table_keys()) {
        std::string name = std::string(group.get_table_name(tk));
        if (name == "metadata") {
            ConstTableRef meta = group.get_table(tk);
            ColKey version = meta->get_column_key("version");
            if (version && meta->size() > 0)
                m.user_version = meta->begin()->get<int64_t>(version);
            continue;
        }
        if (name.rfind("class_", 0) != 0)
            continue; // pk, sync and other internal tables are not converted
        Class c;
        c.name = name.substr(6);
        c.table = group.get_table(tk);
        if (ColKey pk = c.table->get_primary_key_column()) {
            const char* t = sql_type(c.table->get_column_type(pk));
            if (!t || c.table->get_column_type(pk) == type_Bool || c.table->get_column_type(pk) == type_Float ||
                c.table->get_column_type(pk) == type_Double)
                throw Refusal(c.name + "." + std::string(c.table->get_column_name(pk)) +
                              ": a primary key of this type is not supported");
            c.key.column = std::string(c.table->get_column_name(pk));
            c.key.type = t;
            c.key.col = pk;
            c.key.nullable = pk.is_nullable();
        }
        m.by_table[tk] = m.classes.size();
        m.classes.push_back(std::move(c));
    }
    std::set<std::string> table_names;
    for (auto& c : m.classes)
        table_names.insert(c.name);
    for (auto& c : m.classes) {
        for (ColKey col : c.table->get_column_keys()) {
            if (col.get_type() == col_type_BackLink || col == c.key.col)
                continue; // backlinks are derived; the primary key is the key column
            Column k;
            k.name = std::string(c.table->get_column_name(col));
            k.col = col;
            k.type = c.table->get_column_type(col);
            k.nullable = col.is_nullable();
            k.is_set = col.is_set();
            std::string where = c.name + "." + k.name;
            if (col.is_dictionary())
                throw Refusal(where + ": dictionaries are not supported by realm2csv");
            if (k.type == type_Link) {
                auto it = m.by_table.find(c.table->get_opposite_table_key(col));
                if (it == m.by_table.end())
                    throw Refusal(where + ": links to a table that is not a class");
                k.target = &m.classes[it->second];
            }
            else if (!sql_type(k.type))
                throw Refusal(where + ": " + type_label(k.type) + " properties are not supported by realm2csv");
            if (col.is_list() || col.is_set()) {
                k.kind = k.type == type_Link ? Column::links : Column::values;
                std::string table = c.name + "_" + k.name;
                if (!table_names.insert(table).second)
                    throw Refusal(where + ": its table " + table + " has the name of another table");
                c.list_tables.push_back(table);
                k.sink = c.list_tables.size();
            }
            else
                k.kind = k.type == type_Link ? Column::link : Column::scalar;
            c.columns.push_back(k);
        }
    }
    return m;
}

std::string schema_sql(const Mapping& m)
{
    std::string out = "-- written by realm2csv: the SQLite mapping of issue 15\n";
    for (auto& c : m.classes) {
        out += "CREATE TABLE " + quoted(c.name) + " (" + quoted(c.key.column) + " " + c.key.type;
        if (!c.key.col)
            out += " PRIMARY KEY";
        else
            out += std::string(c.key.nullable ? "" : " NOT NULL") + " PRIMARY KEY";
        for (auto& k : c.columns) {
            if (k.kind == Column::scalar)
                out += ", " + quoted(k.name) + " " + sql_type(k.type) + (k.nullable ? "" : " NOT NULL");
            else if (k.kind == Column::link)
                out += ", " + quoted(k.name) + " " + k.target->key.type + " REFERENCES " + quoted(k.target->name) +
                       "(" + quoted(k.target->key.column) + ") ON DELETE SET NULL";
        }
        out += ");\n";
        for (auto& k : c.columns) {
            if (k.kind != Column::links && k.kind != Column::values)
                continue;
            out += "CREATE TABLE " + quoted(c.list_tables[k.sink - 1]) + " (\"owner\" " + c.key.type +
                   " NOT NULL REFERENCES " + quoted(c.name) + "(" + quoted(c.key.column) +
                   ") ON DELETE CASCADE, \"position\" INTEGER NOT NULL, ";
            if (k.kind == Column::links)
                out += "\"target\" " + k.target->key.type + " NOT NULL REFERENCES " + quoted(k.target->name) + "(" +
                       quoted(k.target->key.column) + ") ON DELETE CASCADE";
            else
                out += std::string("\"value\" ") + sql_type(k.type) + (k.nullable ? "" : " NOT NULL");
            out += ", PRIMARY KEY (\"owner\", \"position\")) WITHOUT ROWID;\n";
        }
    }
    out += "PRAGMA user_version = " + std::to_string(m.user_version) + ";\n";
    return out;
}

// A dot-command argument: single-quoted (the shell takes it literally).
std::string dot_arg(const std::string& s)
{
    if (s.find('\'') != std::string::npos)
        throw Refusal("'" + s + "': a quote in a path or name cannot be passed to the sqlite3 shell");
    return "'" + s + "'";
}

std::string import_sql(const Mapping& m, const std::string& dir)
{
    std::string out = "-- written by realm2csv: sqlite3 OUT.sqlite < " + dir + "/import.sql\n.bail on\nBEGIN;\n";
    out += ".read " + dot_arg(dir + "/schema.sql") + "\n";
    std::string fixups;
    auto fix = [&](const std::string& table, const std::vector<std::string>& cols) {
        if (cols.empty())
            return;
        std::string set, where;
        for (auto& col : cols) {
            set += (set.empty() ? "" : ", ") + quoted(col) + " = NULLIF(" + quoted(col) + ", '')";
            where += (where.empty() ? "" : " OR ") + quoted(col) + " = ''";
        }
        fixups += "UPDATE " + quoted(table) + " SET " + set + " WHERE " + where + ";\n";
    };
    for (auto& c : m.classes) {
        out += ".import --csv --skip 1 " + dot_arg(dir + "/" + c.name + ".csv") + " " + dot_arg(c.name) + "\n";
        std::vector<std::string> optional;
        if (c.key.col && c.key.nullable)
            optional.push_back(c.key.column);
        for (auto& k : c.columns) {
            if (k.kind == Column::scalar && k.nullable)
                optional.push_back(k.name);
            if (k.kind == Column::link)
                optional.push_back(k.name);
        }
        fix(c.name, optional);
        for (auto& k : c.columns) {
            if (k.kind != Column::links && k.kind != Column::values)
                continue;
            const std::string& table = c.list_tables[k.sink - 1];
            out += ".import --csv --skip 1 " + dot_arg(dir + "/" + table + ".csv") + " " + dot_arg(table) + "\n";
            if (k.kind == Column::values && k.nullable)
                fix(table, {"value"});
        }
    }
    out += "-- .import stores an empty field as '': NULL again where the property is optional\n" + fixups;
    out += "COMMIT;\n";
    return out;
}

// ---------------------------------------------------------------------------------------------
// Reading

void put_key(std::string& out, const Class& c, const Obj& obj)
{
    if (!c.key.col)
        put_int(out, obj.get_key().value);
    else
        put_value(out, obj.get_any(c.key.col));
}

void put_link(std::string& out, const Class& target, ObjKey key)
{
    if (!key || key.is_unresolved())
        return;
    if (!target.key.col)
        put_int(out, key.value);
    else
        put_value(out, target.table->get_primary_key(key));
}

// One class: its CSV and those of its list/set properties.
uint64_t write_class(const Class& c, std::vector<Sink>& sinks)
{
    Sink& main = sinks[0];
    put_text(main.buf, c.key.column.data(), c.key.column.size());
    for (auto& k : c.columns)
        if (k.kind == Column::scalar || k.kind == Column::link) {
            main.buf += ',';
            put_text(main.buf, k.name.data(), k.name.size());
        }
    main.buf += '\n';
    for (auto& k : c.columns)
        if (k.kind == Column::links || k.kind == Column::values)
            sinks[k.sink].buf += k.kind == Column::links ? "owner,position,target\n" : "owner,position,value\n";

    std::string owner;
    uint64_t objects = 0;
    for (const Obj& obj : *c.table) {
        std::string& out = main.buf;
        put_key(out, c, obj);
        for (auto& k : c.columns) {
            switch (k.kind) {
                case Column::scalar:
                    out += ',';
                    if (k.nullable && obj.is_null(k.col))
                        break;
                    switch (k.type) {
                        case type_Int: put_int(out, obj.get<int64_t>(k.col)); break;
                        case type_Bool: out += obj.get<bool>(k.col) ? '1' : '0'; break;
                        case type_Double: put_double(out, obj.get<double>(k.col)); break;
                        case type_String: {
                            StringData s = obj.get<StringData>(k.col);
                            put_text(out, s.data(), s.size());
                            break;
                        }
                        case type_Timestamp: put_timestamp(out, obj.get<Timestamp>(k.col)); break;
                        default: put_value(out, obj.get_any(k.col));
                    }
                    break;
                case Column::link:
                    out += ',';
                    put_link(out, *k.target, obj.get<ObjKey>(k.col));
                    break;
                case Column::links:
                case Column::values: {
                    Sink& list = sinks[k.sink];
                    owner.clear();
                    put_key(owner, c, obj);
                    auto row = [&](int64_t position) {
                        list.buf += owner;
                        list.buf += ',';
                        put_int(list.buf, position);
                        list.buf += ',';
                    };
                    if (k.kind == Column::links) {
                        if (k.is_set) {
                            LnkSet set = obj.get_linkset(k.col);
                            for (size_t i = 0; i < set.size(); ++i) {
                                row(int64_t(i));
                                put_link(list.buf, *k.target, set.get(i));
                                list.end_row();
                            }
                        }
                        else {
                            LnkLst lst = obj.get_linklist(k.col);
                            for (size_t i = 0; i < lst.size(); ++i) {
                                row(int64_t(i));
                                put_link(list.buf, *k.target, lst.get(i));
                                list.end_row();
                            }
                        }
                    }
                    else {
                        std::unique_ptr<CollectionBase> coll;
                        if (k.is_set)
                            coll = obj.get_setbase_ptr(k.col);
                        else
                            coll = obj.get_listbase_ptr(k.col);
                        for (size_t i = 0, n = coll->size(); i < n; ++i) {
                            row(int64_t(i));
                            put_value(list.buf, coll->get_any(i));
                            list.end_row();
                        }
                    }
                    break;
                }
            }
        }
        main.end_row();
        ++objects;
    }
    return objects;
}

bool write_file(const std::string& path, const std::string& text)
{
    FILE* f = std::fopen(path.c_str(), "wb");
    if (!f)
        return false;
    bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    return std::fclose(f) == 0 && ok;
}

int usage()
{
    std::cerr << "usage: realm2csv IN.realm OUTDIR\n       realm2csv --discard IN.realm\n";
    return 2;
}

} // namespace

int main(int argc, char** argv)
{
    bool discard = argc == 3 && std::string(argv[1]) == "--discard";
    if (argc != 3 || (!discard && argv[1][0] == '-'))
        return usage();
    std::string in = discard ? argv[2] : argv[1];
    std::string dir = discard ? "" : argv[2];
    while (dir.size() > 1 && dir.back() == '/')
        dir.pop_back();
    try {
        if (!discard) {
            ::mkdir(dir.c_str(), 0777); // an existing folder is fine
            char real[PATH_MAX];
            if (!::realpath(dir.c_str(), real))
                throw std::runtime_error("cannot use the folder " + dir + ": " + std::strerror(errno));
            dir = real;
        }
        Group group(in); // read-only
        Mapping m = map_group(group);
        std::string schema = schema_sql(m);
        std::string script = discard ? "" : import_sql(m, dir);
        if (!discard && !(write_file(dir + "/schema.sql", schema) && write_file(dir + "/import.sql", script)))
            throw std::runtime_error("cannot write into " + dir + ": " + std::strerror(errno));
        uint64_t total_bytes = 0, total_objects = 0;
        for (auto& c : m.classes) {
            std::vector<Sink> sinks(1 + c.list_tables.size());
            for (size_t i = 0; i < sinks.size(); ++i) {
                if (discard)
                    continue;
                sinks[i].path = dir + "/" + (i == 0 ? c.name : c.list_tables[i - 1]) + ".csv";
                sinks[i].file = std::fopen(sinks[i].path.c_str(), "wb");
                if (!sinks[i].file)
                    throw std::runtime_error("cannot write " + sinks[i].path + ": " + std::strerror(errno));
            }
            uint64_t objects = write_class(c, sinks);
            total_objects += objects;
            std::cout << c.name << ": " << objects << " objects";
            for (size_t i = 0; i < sinks.size(); ++i) {
                sinks[i].close();
                total_bytes += sinks[i].bytes;
                if (i > 0)
                    std::cout << ", " << c.list_tables[i - 1] << " " << sinks[i].rows << " rows";
            }
            std::cout << "\n";
        }
        std::cout << (discard ? "read " : "wrote ") << total_objects << " objects, " << total_bytes
                  << " bytes of CSV" << (discard ? " (discarded)" : " into " + dir) << "\n";
    }
    catch (const Refusal& e) {
        std::cerr << "realm2csv: " << in << ": " << e.what() << "\n";
        return 1;
    }
    catch (const std::exception& e) {
        std::cerr << "realm2csv: " << in << ": " << e.what() << "\n";
        return 1;
    }
    return 0;
}
