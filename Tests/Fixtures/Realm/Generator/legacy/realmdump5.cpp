// realmdump5: writes the JSON document (realmjson5.hpp; README.md beside this file) of a `.realm`
// file of formats 2-9 as realm-core 5 reads it, for the real legacy files in ../../Real/legacy/.
// The legacy counterpart of ../realmdump.cpp.
//
// Not part of `swift build`.
//
// Usage: realmdump5 IN.realm OUT.json [DESCRIPTION]
//
// IN.realm is never opened by realm-core: its bytes are copied into a fresh temporary folder and
// the copy is read, as a read-only Group when realm-core 5 allows that (formats 6, 7, 8, 9: no
// upgrade, the file's own rows and order). Formats 2-5 cannot be opened that way (Group::open
// refuses them); the copy is then opened with a SharedGroup, which upgrades it to format 9
// (Group::upgrade_file_format: old DateTime columns of top-level tables become Timestamp
// columns, search indexes are rebuilt, the top array gets its 10th slot; rows, their order and
// every other value are left as they are). Before that, the copy's table specs are read with
// realm-core's own array classes (SlabAlloc attached read-only, no Group), so the JSON can say
// which columns were old DateTime columns. The header block describes IN.realm itself.
// IN.realm's bytes are compared before and after: a change is an error.

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
#include <realm/alloc_slab.hpp>
#include <realm/array.hpp>
#include <realm/array_string.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <unistd.h>

#include "realmjson5.hpp"

namespace {

using realmjson5::json_string;

std::string read_all(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw std::runtime_error("cannot read " + path);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void write_all(const std::string& path, const std::string& bytes)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
    if (!out)
        throw std::runtime_error("cannot write " + path);
}

std::string base_name(const std::string& path)
{
    size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The format byte of the active slot (REALM-FORMAT.md §2), or -1 without `T-DB`.
int header_format(const std::string& bytes)
{
    if (bytes.size() < 24 || bytes.compare(16, 4, "T-DB") != 0)
        return -1;
    return uint8_t(bytes[20 + (uint8_t(bytes[23]) & 1)]);
}

std::string first_line(const char* message)
{
    std::string s(message);
    return s.substr(0, s.find('\n'));
}

struct TempDir {
    std::string path;
    TempDir()
    {
        const char* base = std::getenv("TMPDIR");
        std::string templ = std::string(base && *base ? base : "/tmp") + "/realmdump5.XXXXXX";
        if (!::mkdtemp(templ.data()))
            throw std::runtime_error("cannot create a temporary folder");
        path = templ;
    }
    ~TempDir()
    {
        std::string cmd = "rm -rf '" + path + "'";
        if (std::system(cmd.c_str()) != 0)
            std::cerr << "realmdump5: could not remove " << path << "\n";
    }
};

// The old DateTime columns (spec type 7) of the top-level tables of the file at `path`, read with
// realm-core's arrays (group top: [table names, tables, ...]; table top: [spec, columns...]; spec:
// [types, names, attrs, ...]) without opening a Group, as JSON [{"table","column"},...]. Also says
// whether any subtable column exists (the upgrade does not convert old DateTime columns inside
// subtables).
std::string old_datetime_columns(const std::string& path, bool& has_subtables)
{
    using namespace realm;
    SlabAlloc alloc;
    SlabAlloc::Config cfg;
    cfg.read_only = true;
    cfg.no_create = true;
    cfg.skip_validate = false;
    ref_type top_ref = alloc.attach_file(path, cfg);
    std::string out = "[";
    has_subtables = false;
    if (top_ref != 0) {
        Array top(alloc);
        top.init_from_ref(top_ref);
        ArrayString names(alloc);
        names.init_from_ref(top.get_as_ref(0));
        Array tables(alloc);
        tables.init_from_ref(top.get_as_ref(1));
        bool first = true;
        for (size_t t = 0; t < tables.size(); ++t) {
            Array table_top(alloc);
            table_top.init_from_ref(tables.get_as_ref(t));
            Array spec(alloc);
            spec.init_from_ref(table_top.get_as_ref(0));
            Array types(alloc);
            types.init_from_ref(spec.get_as_ref(0));
            ArrayString col_names(alloc);
            col_names.init_from_ref(spec.get_as_ref(1));
            for (size_t c = 0; c < types.size(); ++c) {
                int64_t type = types.get(c);
                if (type == col_type_Table)
                    has_subtables = true;
                if (type != col_type_OldDateTime)
                    continue;
                StringData table_name = names.get(t);
                StringData col_name = c < col_names.size() ? col_names.get(c) : StringData("?");
                out += first ? "" : ",";
                first = false;
                out += "{\"table\":" + json_string(std::string(table_name)) +
                       ",\"column\":" + json_string(std::string(col_name)) + "}";
            }
        }
    }
    alloc.detach();
    return out + "]";
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 3 || argc > 4) {
        std::cerr << "usage: realmdump5 IN.realm OUT.json [DESCRIPTION]\n";
        return 2;
    }
    const std::string in_path = argv[1], out_path = argv[2];
    const std::string description = argc == 4 ? argv[3] : "";
    try {
        const std::string original = read_all(in_path);
        const int format = header_format(original);
        if (format < 0)
            throw std::runtime_error("no T-DB header: empty, encrypted or not a Realm file");
        TempDir tmp;
        const std::string copy = tmp.path + "/" + base_name(in_path);
        write_all(copy, original);

        std::string json;
        std::string opened_with;
        if (format >= 6 && format <= 9) {
            realm::Group group(copy); // read-only: no upgrade, the file's own rows and order
            opened_with = "Group (read-only)";
            std::string extra = ",\"openedWith\":\"" + opened_with + "\",\"readFormat\":" + std::to_string(format);
            json = realmjson5::document_json(group, base_name(in_path), in_path, description, nullptr, "", extra);
        }
        else {
            bool has_subtables = false;
            std::string old_dates;
            {
                const std::string scan_copy = tmp.path + "/scan.realm";
                write_all(scan_copy, original);
                old_dates = old_datetime_columns(scan_copy, has_subtables);
            }
            std::cerr << "realmdump5: format " << format << ": opening the copy with SharedGroup (upgrade to 9)\n";
            std::unique_ptr<realm::Replication> history = realm::make_in_realm_history(copy);
            realm::SharedGroup sg(*history);
            {
                realm::ReadTransaction rt(sg);
                opened_with = "SharedGroup (copy upgraded)";
                std::string note =
                    "read through realm-core 5's upgrade of a copy from format " + std::to_string(format) +
                    " to 9 (Group::upgrade_file_format): rows, their order and values are the file's own, except "
                    "that the old DateTime columns listed in oldDateTimeColumns (top-level tables) were converted to "
                    "timestamp columns at the same position, each value v (whole seconds) becoming {seconds: v, "
                    "nanoseconds: 0}";
                if (format < 6)
                    note += "; search indexes were rebuilt (no effect on values)";
                if (has_subtables)
                    note += "; old DateTime columns inside subtables are not converted by the upgrade";
                std::string extra = ",\"openedWith\":\"" + opened_with + "\",\"readFormat\":" +
                                    std::to_string(header_format(read_all(copy))) +
                                    ",\"upgradedFrom\":" + std::to_string(format) +
                                    ",\"oldDateTimeColumns\":" + old_dates + ",\"note\":" + json_string(note);
                json = realmjson5::document_json(rt.get_group(), base_name(in_path), in_path, description, nullptr,
                                                 "", extra);
            }
            sg.close();
        }
        if (read_all(in_path) != original)
            throw std::runtime_error(in_path + " changed while it was read");
        write_all(out_path, json);
        std::cout << "wrote " << out_path << " (" << opened_with << ", realm-core " << REALM_VERSION_STRING << ")\n";
    }
    catch (const std::exception& e) {
        std::cerr << "realmdump5: " << in_path << ": " << first_line(e.what()) << "\n";
        return 1;
    }
    return 0;
}
