// realmjson.hpp: the JSON document of a `.realm` file's content as realm-core reads it, shared by
// realmgen (the fixture generator) and realmdump (any file). Layout: README.md, "JSON layout".
//
// Include after the realm-core headers (db.hpp, group.hpp, table.hpp, obj.hpp, list.hpp and, for
// realm-core 10 and later, set.hpp and dictionary.hpp). Not part of `swift build`.

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

// realm-core 10 and later (formats 20-24) have ObjectId, Decimal128, embedded tables, UUID, Mixed,
// typed links, sets and dictionaries; realm-core 6 (formats 10, 11) has none.
#define REALMJSON_MODERN (REALM_VERSION_MAJOR >= 10)

namespace realmjson {

using namespace realm;

// ---------------------------------------------------------------------------------------
// JSON output

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

inline std::string type_name(DataType t)
{
    switch (t) {
        case type_Int: return "int";
        case type_Bool: return "bool";
        case type_String: return "string";
        case type_Binary: return "binary";
#if REALMJSON_MODERN
        case type_Mixed: return "mixed";
        case type_Decimal: return "decimal128";
        case type_ObjectId: return "objectId";
        case type_TypedLink: return "typedLink";
        case type_UUID: return "uuid";
#endif
#if REALM_VERSION_MAJOR < 14
        case type_LinkList: return "link"; // reported as a link column with collection "list"
#endif
        case type_Timestamp: return "timestamp";
        case type_Float: return "float";
        case type_Double: return "double";
        case type_Link: return "link";
        default:
#if REALM_VERSION_MAJOR >= 14
            if (t == type_List)
                return "list";
            if (t == type_Dictionary)
                return "dictionary";
            if (t == type_Set)
                return "set";
#endif
            return "type" + std::to_string(int(t));
    }
}

struct Dumper {
    const Group& group;

    std::string link(TableKey table, ObjKey key) const
    {
        return "{\"$link\":{\"table\":" + json_string(std::string(group.get_table_name(table))) +
               ",\"key\":" + std::to_string(key.value) + "}}";
    }

    // A value of a column or collection element of fixed type. Mixed values get their type
    // spelled out, since JSON cannot tell int 1 from double 1.
    std::string value(const Mixed& v, TableKey link_target, bool tag_type) const
    {
        if (v.is_null())
            return "null";
        DataType t = v.get_type();
        std::string body;
        switch (t) {
            case type_Int: body = std::to_string(v.get_int()); break;
            case type_Bool: body = v.get_bool() ? "true" : "false"; break;
            case type_String: {
                StringData s = v.get_string();
                body = json_string(std::string_view(s.data(), s.size()));
                break;
            }
            case type_Binary: {
                BinaryData b = v.get_binary();
                body = "{\"$binary\":\"" + base64(b.data(), b.size()) + "\"}";
                break;
            }
            case type_Timestamp: {
                Timestamp ts = v.get_timestamp();
                body = "{\"$timestamp\":{\"seconds\":" + std::to_string(ts.get_seconds()) +
                       ",\"nanoseconds\":" + std::to_string(ts.get_nanoseconds()) + "}}";
                break;
            }
            case type_Float: body = json_float(v.get_float()); break;
            case type_Double: body = json_float(v.get_double()); break;
            case type_Link: body = link(link_target, v.get<ObjKey>()); break;
#if REALMJSON_MODERN
            case type_Decimal: body = "{\"$decimal128\":" + json_string(v.get<Decimal128>().to_string()) + "}"; break;
            case type_ObjectId: body = "{\"$oid\":\"" + v.get<ObjectId>().to_string() + "\"}"; break;
            case type_UUID: body = "{\"$uuid\":\"" + v.get<UUID>().to_string() + "\"}"; break;
            case type_TypedLink: {
                ObjLink l = v.get<ObjLink>();
                body = link(l.get_table_key(), l.get_obj_key());
                break;
            }
#endif
            default: body = "\"<unsupported " + type_name(t) + ">\"";
        }
        if (!tag_type)
            return body;
        return "{\"type\":\"" + type_name(t) + "\",\"value\":" + body + "}";
    }

    static bool is_link_type(DataType type)
    {
#if REALM_VERSION_MAJOR < 14
        if (type == type_LinkList)
            return true;
#endif
        return type == type_Link;
    }

    template <class O>
    std::string column_value(const O& obj, ColKey col) const
    {
        ConstTableRef table = obj.get_table();
        DataType type = table->get_column_type(col);
        TableKey target = is_link_type(type) ? table->get_opposite_table_key(col) : TableKey();
#if !REALMJSON_MODERN
        const bool mixed = false;
        if (col.is_list() && is_link_type(type)) {
            auto links = obj.get_linklist(col);
            std::string out = "[";
            for (size_t i = 0; i < links.size(); ++i)
                out += (i ? "," : "") + link(target, links.get(i));
            return out + "]";
        }
        if (col.is_list()) {
            auto coll = obj.get_listbase_ptr(col);
            std::string out = "[";
            for (size_t i = 0; i < coll->size(); ++i)
                out += (i ? "," : "") + value(coll->get_any(i), target, false);
            return out + "]";
        }
        if (type == type_Link) {
            ObjKey k = obj.template get<ObjKey>(col);
            return k ? link(target, k) : "null";
        }
#else
        bool mixed = type == type_Mixed;
        if (col.is_dictionary()) {
            Dictionary dict = obj.get_dictionary(col);
            std::string out = "{";
            for (size_t i = 0; i < dict.size(); ++i) {
                auto [k, v] = dict.get_pair(i);
                if (i)
                    out += ",";
                out += json_string(std::string(k.get_string()));
                out += ":";
                out += value(v, target, mixed);
            }
            return out + "}";
        }
        if (col.is_list() || col.is_set()) {
            auto coll = obj.get_collection_ptr(col);
            std::string out = "[";
            for (size_t i = 0; i < coll->size(); ++i) {
                if (i)
                    out += ",";
                out += value(coll->get_any(i), target, mixed);
            }
            return out + "]";
        }
#endif
        Mixed v = obj.get_any(col);
#if REALM_VERSION_MAJOR >= 14
        if (mixed && !v.is_null() && v.is_type(type_List)) {
            auto list = obj.template get_list_ptr<Mixed>(col);
            std::string out = "{\"type\":\"list\",\"value\":[";
            for (size_t i = 0; i < list->size(); ++i) {
                if (i)
                    out += ",";
                out += value(list->get(i), TableKey(), true);
            }
            return out + "]}";
        }
#endif
        return value(v, target, mixed);
    }

    std::string table_json(ConstTableRef table) const
    {
        std::ostringstream out;
        out << "{\"name\":" << json_string(std::string(table->get_name()));
#if REALMJSON_MODERN
        out << ",\"tableType\":\"" << (table->is_embedded() ? "embedded" : "topLevel") << "\"";
#else
        out << ",\"tableType\":\"topLevel\"";
#endif
        ColKey pk = table->get_primary_key_column();
        out << ",\"primaryKey\":" << (pk ? json_string(std::string(table->get_column_name(pk))) : "null");
        out << ",\"objectCount\":" << table->size();
        std::vector<ColKey> cols;
        out << ",\"columns\":[";
        for (ColKey col : table->get_column_keys()) {
            if (col.get_type() == col_type_BackLink)
                continue;
            if (!cols.empty())
                out << ",";
            cols.push_back(col);
            DataType type = table->get_column_type(col);
            out << "{\"name\":" << json_string(std::string(table->get_column_name(col)));
            out << ",\"type\":\"" << type_name(type) << "\"";
            out << ",\"nullable\":" << (col.is_nullable() ? "true" : "false");
#if REALMJSON_MODERN
            const char* coll = col.is_list() ? "list" : col.is_set() ? "set" : col.is_dictionary() ? "dictionary" : nullptr;
#else
            const char* coll = col.is_list() ? "list" : nullptr;
#endif
            out << ",\"collection\":" << (coll ? std::string("\"") + coll + "\"" : std::string("null"));
            if (is_link_type(type))
                out << ",\"target\":" << json_string(std::string(group.get_table_name(table->get_opposite_table_key(col))));
#if REALM_VERSION_MAJOR >= 13
            bool indexed = table->search_index_type(col) != IndexType::None;
#else
            bool indexed = table->has_search_index(col);
#endif
            out << ",\"indexed\":" << (indexed ? "true" : "false");
            out << ",\"colKey\":" << col.value;
            out << "}";
        }
        out << "],\"objects\":[";
        bool first = true;
        for (auto&& obj : *table) {
            out << (first ? "\n" : ",\n");
            first = false;
            out << "{\"_key\":" << obj.get_key().value;
            for (ColKey col : cols)
                out << "," << json_string(std::string(table->get_column_name(col))) << ":" << column_value(obj, col);
            out << "}";
        }
        out << "]}";
        return out.str();
    }

    std::string tables_json() const
    {
        std::string out = "[";
        bool first = true;
        for (TableKey key : group.get_table_keys()) {
            out += first ? "\n" : ",\n";
            first = false;
            out += table_json(group.get_table(key));
        }
        return out + "]";
    }
};

// Raw file header (REALM-FORMAT.md §2): what a reader sees before parsing anything.
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
        // As realm-core's SlabAlloc::is_file_on_streaming_form: slot 0 active and its top ref all ones. (A
        // streaming file that realm-core later opened for writing keeps the all-ones slot 0 but has slot 1
        // active and no footer: not streaming.)
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

// The whole document: `file` (the name written in it), `description`, the build that read it, the
// raw header of the file at `header_path`, and every table of `group`. `header_path` may differ from
// the file `group` was opened on (realmdump reads a copy, so the original is never opened by
// realm-core). `extra` is inserted verbatim after `realmCoreVersion` (`,"key":value,...` or "").
inline std::string document_json(const Group& group, const std::string& file, const std::string& header_path,
                                 const std::string& description, const char* key = nullptr,
                                 const std::string& unencrypted_twin = "", const std::string& extra = "")
{
    Dumper dumper{group};
    std::ostringstream out;
    out << "{\"file\":" << json_string(file);
    out << ",\"description\":" << json_string(description);
    out << ",\"realmCoreVersion\":\"" << REALM_VERSION_STRING << "\"";
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

} // namespace realmjson
