// realmdump: writes the JSON document (the layout of realmgen's fixtures, README.md "JSON layout")
// of any `.realm` file as realm-core reads it, for the real-app fixtures in ../Real/.
//
// Not part of `swift build`. See README.md beside this file for how to build and run it.
//
// Usage: realmdump IN.realm OUT.json [DESCRIPTION]
//
// IN.realm is never opened by realm-core: it is copied into a fresh temporary folder and the copy
// is read, first as a read-only Group (the file's own keys and order); only if realm-core refuses
// that (a format it would have to upgrade first) through a DB on the copy, which upgrades the copy.
// The JSON says which (`openedWith`, and `readFormat`: the format realm-core read). The header
// block describes IN.realm itself. IN.realm's bytes are compared before and after: a change is an
// error.

#include <stdexcept> // before realm headers: realm-core 6 thread.hpp needs it
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
#if REALM_VERSION_MAJOR >= 10
#include <realm/set.hpp>
#include <realm/dictionary.hpp>
#endif

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <unistd.h>

#include "realmjson.hpp"

namespace {

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

// realm-core's messages may carry an "Exception backtrace:" block after the first line.
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
        std::string templ = std::string(base && *base ? base : "/tmp") + "/realmdump.XXXXXX";
        if (!::mkdtemp(templ.data()))
            throw std::runtime_error("cannot create a temporary folder");
        path = templ;
    }
    ~TempDir()
    {
        std::string cmd = "rm -rf '" + path + "'";
        if (std::system(cmd.c_str()) != 0)
            std::cerr << "realmdump: could not remove " << path << "\n";
    }
};

} // namespace

int main(int argc, char** argv)
{
    if (argc < 3 || argc > 4) {
        std::cerr << "usage: realmdump IN.realm OUT.json [DESCRIPTION]\n";
        return 2;
    }
    const std::string in_path = argv[1], out_path = argv[2];
    const std::string description = argc == 4 ? argv[3] : "";
    try {
        const std::string original = read_all(in_path);
        // Without a plain header realm-core would create a new file (empty input) or need a key
        // (encrypted input): neither is a dump of IN.
        if (header_format(original) < 0)
            throw std::runtime_error("no T-DB header: empty, encrypted or not a Realm file");
        TempDir tmp;
        const std::string copy = tmp.path + "/" + base_name(in_path);
        write_all(copy, original);

        std::string json;
        std::string opened_with;
        try {
            realm::Group group(copy); // read-only: no upgrade, the file's own keys and order
            opened_with = "Group (read-only)";
            std::string extra = ",\"openedWith\":\"" + opened_with + "\",\"readFormat\":" +
                                std::to_string(header_format(original));
            json = realmjson::document_json(group, base_name(in_path), in_path, description, nullptr, "", extra);
        }
        catch (const std::exception& e) {
            std::cerr << "realmdump: read-only open refused (" << first_line(e.what()) << "); opening the copy with DB\n";
            // The copy only: DB upgrades it in place to this build's format.
#if REALM_VERSION_MAJOR <= 10
            auto history = realm::make_in_realm_history(copy);
            realm::DBRef db = realm::DB::create(*history);
#else
            auto history = realm::make_in_realm_history();
            realm::DBRef db = realm::DB::create(*history, copy);
#endif
            auto tr = db->start_read();
            opened_with = "DB (copy upgraded)";
            std::string extra = ",\"openedWith\":\"" + opened_with + "\",\"readFormat\":" +
                                std::to_string(header_format(read_all(copy)));
            json = realmjson::document_json(*tr, base_name(in_path), in_path, description, nullptr, "", extra);
            tr = nullptr;
            db->close();
        }
        if (read_all(in_path) != original)
            throw std::runtime_error(in_path + " changed while it was read");
        write_all(out_path, json);
        std::cout << "wrote " << out_path << " (" << opened_with << ", realm-core " << REALM_VERSION_STRING << ")\n";
    }
    catch (const std::exception& e) {
        std::cerr << "realmdump: " << in_path << ": " << first_line(e.what()) << "\n";
        return 1;
    }
    return 0;
}
