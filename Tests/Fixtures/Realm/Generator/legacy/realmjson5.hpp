// realmjson5.hpp: the JSON document of a `.realm` file of formats 2-9 as realm-core 5 reads it,
// shared by realmgen5 (the legacy fixture generator) and realmdump5 (any file Core 5 can read).
// The layout is the modern one (../README.md, "JSON layout"; ../realmjson.hpp) with the
// differences that formats <= 9 force, listed in README.md beside this file ("JSON layout").
//
// Include after the realm-core headers (group.hpp, table.hpp, link_view.hpp, descriptor.hpp) of
// realm-core 5 (format 9) or, with the guards below, 3.2.1 (8), 2.9.2 (7), 1.5.1 (5), 0.97.4 (3) or
// 0.92.4 (2).
// Not part of `swift build`. Needs C++17 (std::to_chars for floating point: g++ 11 or later).

#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

// realm-core 0.9x (formats 2-4) spells its version macros REALM_VER_*, calls the old date type
// DateTime (type 7: get_datetime) and has no Timestamp (format 5 and later).
#ifdef REALM_VERSION_MAJOR
#define REALM5_MAJOR REALM_VERSION_MAJOR
#define REALM5_VERSION_STRING REALM_VERSION_STRING
#else
#define REALM5_MAJOR REALM_VER_MAJOR
#define REALM5_VERSION_STRING REALM_VER_STRING
#endif
#ifdef REALM_VERSION_MINOR
#define REALM5_MINOR REALM_VERSION_MINOR
#else
#define REALM5_MINOR REALM_VER_MINOR
#endif
#define REALM5_HAS_TIMESTAMP (REALM5_MAJOR >= 1)
// realm-core 0.92 has no Descriptor::is_nullable: the nullability of a subtable column is read from
// a subtable accessor (the first row's) instead, `false` when the table has no rows.
#define REALM5_DESC_NULLABLE (REALM5_MAJOR >= 1 || REALM5_MINOR >= 93)
#if REALM5_MAJOR >= 1
#define REALM5_OLDDT OldDateTime
#define REALM5_TYPE_OLDDT type_OldDateTime
#define REALM5_GET_OLDDT get_olddatetime
#else
#define REALM5_OLDDT DateTime
#define REALM5_TYPE_OLDDT type_DateTime
#define REALM5_GET_OLDDT get_datetime
#endif

namespace realmjson5 {

using namespace realm;

// ---------------------------------------------------------------------------------------
// JSON output: the same encodings as ../realmjson.hpp

inline std::string json_string(std::string_view s)
{
    std::string out = "\"";
    for (unsigned char c : s) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", c);
                    out += buf;
                }
                else {
                    out += char(c); // UTF-8 passes through unchanged
                }
        }
    }
    out += "\"";
    return out;
}

inline std::string json_sd(StringData s)
{
    if (s.is_null())
        return "null";
    return json_string(std::string_view(s.data(), s.size()));
}

inline std::string base64(const char* data, size_t size)
{
    static const char* alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((size + 2) / 3 * 4);
    for (size_t i = 0; i < size; i += 3) {
        uint32_t n = uint32_t(uint8_t(data[i])) << 16;
        if (i + 1 < size)
            n |= uint32_t(uint8_t(data[i + 1])) << 8;
        if (i + 2 < size)
            n |= uint32_t(uint8_t(data[i + 2]));
        out += alphabet[(n >> 18) & 63];
        out += alphabet[(n >> 12) & 63];
        out += i + 1 < size ? alphabet[(n >> 6) & 63] : '=';
        out += i + 2 < size ? alphabet[n & 63] : '=';
    }
    return out;
}

template <class F>
inline std::string json_float(F value)
{
    if (std::isnan(value))
        return "\"nan\"";
    if (std::isinf(value))
        return value > 0 ? "\"inf\"" : "\"-inf\"";
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, value); // shortest round-trip form
    return std::string(buf, res.ptr);
}

inline std::string json_binary(BinaryData b)
{
    return "{\"$binary\":\"" + base64(b.data(), b.size()) + "\"}";
}

#if REALM5_HAS_TIMESTAMP
inline std::string json_timestamp(Timestamp ts)
{
    return "{\"$timestamp\":{\"seconds\":" + std::to_string(ts.get_seconds()) +
           ",\"nanoseconds\":" + std::to_string(ts.get_nanoseconds()) + "}}";
}
#endif

inline std::string json_olddatetime(REALM5_OLDDT dt)
{
    return "{\"$oldDateTime\":" + std::to_string(int64_t(dt.REALM5_GET_OLDDT())) + "}";
}

// Type names of ../realmjson.hpp, plus those only formats <= 9 have: "oldDateTime" (type 7),
// "table" (subtable column, type 5); "mixed" is the old Mixed (type 6).
inline std::string type_name(DataType t)
{
    switch (t) {
        case type_Int: return "int";
        case type_Bool: return "bool";
        case type_String: return "string";
        case type_Binary: return "binary";
        case type_Table: return "table";
        case type_Mixed: return "mixed";
        case REALM5_TYPE_OLDDT: return "oldDateTime";
#if REALM5_HAS_TIMESTAMP
        case type_Timestamp: return "timestamp";
#endif
        case type_Float: return "float";
        case type_Double: return "double";
        case type_Link: return "link";
        case type_LinkList: return "link"; // reported as a link column with collection "list"
    }
    return "type" + std::to_string(int(t));
}

struct Dumper {
    const Group& group;

    std::string link(const Table& target, size_t row) const
    {
        return "{\"$link\":{\"table\":" + json_sd(target.get_name()) + ",\"row\":" + std::to_string(row) + "}}";
    }

    // Primary key of a class table, from the object store's `pk` table (formats <= 9 have no
    // primary-key slot in the table): the `pk_property` of the row whose `pk_table` is the class
    // name without `class_` (or, as some very old realm-java files have it, with it).
    std::string primary_key(const Table& table) const
    {
        if (!group.has_table("pk"))
            return "";
        ConstTableRef pk = group.get_table("pk");
        size_t c_table = pk->get_column_index("pk_table"), c_prop = pk->get_column_index("pk_property");
        if (c_table == npos || c_prop == npos || pk->get_column_type(c_table) != type_String ||
            pk->get_column_type(c_prop) != type_String)
            return "";
        std::string name = table.get_name();
        std::string cls = name.compare(0, 6, "class_") == 0 ? name.substr(6) : "";
        if (cls.empty())
            return "";
        for (size_t r = 0; r < pk->size(); ++r) {
            StringData t = pk->get_string(c_table, r);
            if (t == StringData(cls) || t == StringData(name))
                return pk->get_string(c_prop, r);
        }
        return "";
    }

    static bool enumerated(const Table& table, size_t col)
    {
        return _impl::TableFriend::get_spec(table).get_column_type(col) == col_type_StringEnum;
    }

    // The column list of a table (top-level, subtable or Mixed subtable). `colIndex` = position
    // in the spec (formats <= 9 have no column keys).
    std::string columns_json(const Table& table) const
    {
        std::ostringstream out;
        out << "[";
        for (size_t col = 0; col < table.get_column_count(); ++col) {
            DataType type = table.get_column_type(col);
            out << (col ? "," : "") << "{\"name\":" << json_sd(table.get_column_name(col));
            out << ",\"type\":\"" << type_name(type) << "\"";
            // A link column is nullable by type (a null link is stored as 0), as realm-core 5's
            // Table::is_nullable says; realm-core 0.92's reads only the spec attribute, which its
            // link columns lack: the same rule for every build.
            bool nullable = table.is_nullable(col) || type == type_Link;
            out << ",\"nullable\":" << (nullable ? "true" : "false");
            out << ",\"collection\":" << (type == type_LinkList ? "\"list\"" : "null");
            if (type == type_Link || type == type_LinkList)
                out << ",\"target\":" << json_sd(table.get_link_target(col)->get_name());
            out << ",\"indexed\":" << (table.has_search_index(col) ? "true" : "false");
            out << ",\"colIndex\":" << col;
            if (type == type_String)
                out << ",\"enumerated\":" << (enumerated(table, col) ? "true" : "false");
            if (type == type_Table)
            {
                ConstTableRef sample = table.size() ? table.get_subtable(col, 0) : ConstTableRef();
                out << ",\"subtableColumns\":" << subdescriptor_json(*table.get_subdescriptor(col), sample.get());
            }
            out << "}";
        }
        out << "]";
        return out.str();
    }

    // The columns of a subtable column, from its sub-spec (the same for every row).
    std::string subdescriptor_json(const Descriptor& desc, const Table* sample = nullptr) const
    {
        static_cast<void>(sample);
        std::ostringstream out;
        out << "[";
        for (size_t col = 0; col < desc.get_column_count(); ++col) {
            DataType type = desc.get_column_type(col);
            out << (col ? "," : "") << "{\"name\":" << json_sd(desc.get_column_name(col));
            out << ",\"type\":\"" << type_name(type) << "\"";
#if REALM5_DESC_NULLABLE
            bool nullable = desc.is_nullable(col);
#else
            bool nullable = sample && sample->is_nullable(col);
#endif
            out << ",\"nullable\":" << (nullable ? "true" : "false");
            out << ",\"collection\":" << (type == type_LinkList ? "\"list\"" : "null");
#if REALM5_MAJOR >= 3
            out << ",\"indexed\":" << (desc.has_search_index(col) ? "true" : "false");
#else
            out << ",\"indexed\":false"; // subtable columns cannot have a search index before format 8
#endif
            out << ",\"colIndex\":" << col;
            if (type == type_Table)
                out << ",\"subtableColumns\":" << subdescriptor_json(*desc.get_subdescriptor(col));
            out << "}";
        }
        out << "]";
        return out.str();
    }

    // Rows of a subtable (subtable column or Mixed), each as an object without "_row" (the
    // position in the array is the row index).
    std::string subtable_rows(const Table& sub) const
    {
        std::string out = "[";
        for (size_t r = 0; r < sub.size(); ++r) {
            out += r ? "," : "";
            out += "{";
            for (size_t col = 0; col < sub.get_column_count(); ++col) {
                out += col ? "," : "";
                out += json_sd(sub.get_column_name(col)) + ":" + cell(sub, col, r);
            }
            out += "}";
        }
        return out + "]";
    }

    std::string mixed_value(const Table& table, size_t col, size_t row) const
    {
        Mixed m = table.get_mixed(col, row);
        DataType t = m.get_type();
        std::string body;
        switch (t) {
            case type_Int: body = std::to_string(m.get_int()); break;
            case type_Bool: body = m.get_bool() ? "true" : "false"; break;
            case type_Float: body = json_float(m.get_float()); break;
            case type_Double: body = json_float(m.get_double()); break;
            case type_String: body = json_sd(m.get_string()); break;
            case type_Binary: body = json_binary(m.get_binary()); break;
            case REALM5_TYPE_OLDDT: body = json_olddatetime(m.REALM5_GET_OLDDT()); break;
#if REALM5_HAS_TIMESTAMP
            case type_Timestamp: body = json_timestamp(m.get_timestamp()); break;
#endif
            case type_Table: {
                ConstTableRef sub = table.get_subtable(col, row);
                body = sub ? "{\"columns\":" + columns_json(*sub) + ",\"rows\":" + subtable_rows(*sub) + "}"
                           : std::string("null");
                break;
            }
            default: body = "\"<unsupported " + type_name(t) + ">\"";
        }
        return "{\"type\":\"" + type_name(t) + "\",\"value\":" + body + "}";
    }

    std::string cell(const Table& table, size_t col, size_t row) const
    {
        DataType type = table.get_column_type(col);
        switch (type) {
            case type_LinkList: {
                ConstLinkViewRef links = table.get_linklist(col, row);
                ConstTableRef target = table.get_link_target(col);
                std::string out = "[";
                for (size_t i = 0; i < links->size(); ++i)
                    out += (i ? "," : "") + link(*target, links->get(i).get_index());
                return out + "]";
            }
            case type_Link:
                return table.is_null_link(col, row) ? "null" : link(*table.get_link_target(col), table.get_link(col, row));
            case type_Table: {
                ConstTableRef sub = table.get_subtable(col, row);
                return sub ? subtable_rows(*sub) : "[]";
            }
            case type_Mixed: return mixed_value(table, col, row);
            default: break;
        }
        if (table.is_nullable(col) && table.is_null(col, row))
            return "null";
        switch (type) {
            case type_Int: return std::to_string(table.get_int(col, row));
            case type_Bool: return table.get_bool(col, row) ? "true" : "false";
            case type_Float: return json_float(table.get_float(col, row));
            case type_Double: return json_float(table.get_double(col, row));
            case type_String: return json_sd(table.get_string(col, row));
            case type_Binary: {
                BinaryData b = table.get_binary(col, row);
                return b.is_null() ? "null" : json_binary(b);
            }
#if REALM5_HAS_TIMESTAMP
            case type_Timestamp: {
                Timestamp ts = table.get_timestamp(col, row);
                return ts.is_null() ? "null" : json_timestamp(ts);
            }
#endif
            case REALM5_TYPE_OLDDT: return json_olddatetime(table.REALM5_GET_OLDDT(col, row));
            default: return "\"<unsupported " + type_name(type) + ">\"";
        }
    }

    std::string table_json(const Table& table) const
    {
        std::ostringstream out;
        out << "{\"name\":" << json_sd(table.get_name());
        out << ",\"tableType\":\"topLevel\"";
        std::string pk = primary_key(table);
        out << ",\"primaryKey\":" << (pk.empty() ? "null" : json_string(pk));
        out << ",\"objectCount\":" << table.size();
        out << ",\"columns\":" << columns_json(table);
        out << ",\"objects\":[";
        for (size_t row = 0; row < table.size(); ++row) {
            out << (row ? ",\n" : "\n");
            out << "{\"_row\":" << row;
            for (size_t col = 0; col < table.get_column_count(); ++col)
                out << "," << json_sd(table.get_column_name(col)) << ":" << cell(table, col, row);
            out << "}";
        }
        out << "]}";
        return out.str();
    }

    std::string tables_json() const
    {
        std::string out = "[";
        for (size_t t = 0; t < group.size(); ++t) {
            out += t ? ",\n" : "\n";
            out += table_json(*group.get_table(t));
        }
        return out + "]";
    }
};

// Raw file header (REALM-FORMAT.md §2), as ../realmjson.hpp writes it.
inline std::string header_json(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    unsigned char h[24] = {};
    in.read(reinterpret_cast<char*>(h), 24);
    in.seekg(0, std::ios::end);
    uint64_t size = uint64_t(in.tellg());
    auto u64 = [&](int off) {
        uint64_t v = 0;
        for (int i = 7; i >= 0; --i)
            v = (v << 8) | h[off + i];
        return v;
    };
    bool mnemonic = h[16] == 'T' && h[17] == '-' && h[18] == 'D' && h[19] == 'B';
    std::ostringstream out;
    out << "{\"fileSize\":" << size << ",\"mnemonic\":" << (mnemonic ? "true" : "false");
    if (mnemonic) {
        int slot = h[23] & 1;
        bool streaming = slot == 0 && u64(0) == 0xFFFFFFFFFFFFFFFFull;
        out << ",\"topRefs\":[" << u64(0) << "," << u64(8) << "],\"formatBytes\":[" << int(h[20]) << ","
            << int(h[21]) << "],\"flags\":" << int(h[23]) << ",\"activeSlot\":" << slot
            << ",\"fileFormat\":" << int(h[20 + slot]) << ",\"streaming\":" << (streaming ? "true" : "false");
        if (streaming) {
            std::ifstream f(path, std::ios::binary);
            unsigned char footer[16];
            f.seekg(int64_t(size) - 16);
            f.read(reinterpret_cast<char*>(footer), 16);
            uint64_t top = 0, cookie = 0;
            for (int i = 7; i >= 0; --i) {
                top = (top << 8) | footer[i];
                cookie = (cookie << 8) | footer[8 + i];
            }
            out << ",\"footerTopRef\":" << top << ",\"footerCookie\":\"0x" << std::hex << cookie << std::dec << "\"";
        }
    }
    out << "}";
    return out.str();
}

inline std::string hex(const char* key, size_t size)
{
    std::string out;
    char buf[3];
    for (size_t i = 0; i < size; ++i) {
        std::snprintf(buf, sizeof buf, "%02x", uint8_t(key[i]));
        out += buf;
    }
    return out;
}

// The whole document, as ../realmjson.hpp document_json. `extra` is inserted verbatim after
// `realmCoreVersion` (`,"key":value,...` or "").
inline std::string document_json(const Group& group, const std::string& file, const std::string& header_path,
                                 const std::string& description, const char* key = nullptr,
                                 const std::string& unencrypted_twin = "", const std::string& extra = "")
{
    Dumper dumper{group};
    std::ostringstream out;
    out << "{\"file\":" << json_string(file);
    out << ",\"description\":" << json_string(description);
    out << ",\"realmCoreVersion\":\"" << REALM5_VERSION_STRING << "\"";
    out << extra;
    out << ",\"header\":" << header_json(header_path);
    if (key) {
        out << ",\"encrypted\":true,\"encryptionKeyHex\":\"" << hex(key, 64) << "\"";
        out << ",\"sameContentAs\":" << json_string(unencrypted_twin);
    }
    else {
        out << ",\"encrypted\":false";
    }
    out << ",\"tables\":" << dumper.tables_json() << "\n}\n";
    return out.str();
}

} // namespace realmjson5
