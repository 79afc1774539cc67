// realmbig: writes one large, realistic `.realm` file (a task app's data) with realm-core's
// storage API, deterministically, for the `realm-convert` benchmark (Benchmarks/run), and
// beside it a JSON manifest of what it holds (counts per table of the SQLite mapping, nulls,
// and sample rows in their SQLite form) that the benchmark checks converted databases against.
//
// Not part of `swift build`. See README.md beside this file for how to build and run it.
//
// Usage: realmbig OUT.realm [OBJECTS] [--bytes N] [--note-bytes K] [--archives C --archive-bytes B]
//   OBJECTS       objects in total across the classes (default 1000000)
//   --bytes N     make the file about N bytes by lengthening the notes (the object count stays)
//   --note-bytes K  average length of a note in bytes (default 60)
//   --archives C  add C classes Archive1..ArchiveC beside the task app's (none by default), which
//                 together hold about B bytes (--archive-bytes, default 1 GB) of 2,000-byte bodies:
//                 a large file in which the task app's classes are a small part, for the benchmark
//                 of a query that reads one class of a large file (Benchmarks/run realm-lazy)
//
// Classes (laid out the way the object store does it: tables `class_<Name>`, a `metadata`
// table with the schema version, primary keys as the tables' primary-key columns):
//   Tag      name string (primary key), color int                          24 objects
//   TaskList _id int (primary key), name string, created timestamp (ms),
//            tasks list<Task>                                              1% of OBJECTS
//   Task     _id int (primary key), title string (10-60 bytes, some unicode, commas, quotes),
//            notes string? (null on every 4th; newlines and quotes in some), done bool,
//            priority int, score double, due timestamp? (nanoseconds; null on every 3rd),
//            list TaskList? (null on every 50th), tags list<string> (0-3)   the rest
//   ArchiveN _id int (primary key), body string (2,000 bytes), size int       with --archives
// Every task with a list is in that list's `tasks`, in _id order. The values of an object
// depend on its _id alone (splitmix64 of the _id), so the same arguments give the same data.

#include <realm/db.hpp>
#include <realm/transaction.hpp>
#include <realm/group.hpp>
#include <realm/table.hpp>
#include <realm/obj.hpp>
#include <realm/list.hpp>
#include <realm/history.hpp>

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>
#include <sys/stat.h>
#include <unistd.h>

using namespace realm;

namespace {

constexpr int64_t schema_version = 3;
constexpr int64_t objects_per_commit = 100000;

uint64_t splitmix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

struct Rng {
    uint64_t state;
    explicit Rng(uint64_t seed) : state(splitmix(seed)) {}
    uint64_t next() { return state = splitmix(state); }
    uint64_t below(uint64_t n) { return next() % n; }
};

const char* const tag_names[] = {
    "work", "home", "urgent", "later", "errand", "call", "email", "read", "write", "review",
    "café", "naïve", "Zoë", "日本語", "🎉 party", "straße", "ελληνικά", "quote\"d", "a,b", "garden",
    "health", "money", "travel", "music"};
constexpr int64_t tag_count = sizeof tag_names / sizeof tag_names[0];

const char* const words[] = {
    "buy", "milk", "call", "mum", "fix", "the", "bike", "write", "report", "plan", "trip", "to",
    "Zürich", "café", "crème brûlée", "résumé", "naïve", "東京", "会議", "🎉", "📞", "for", "and",
    "review", "pull", "request", "#42", "\"urgent\"", "a, b, c", "tomorrow", "before", "noon",
    "Ελλάδα", "Москва", "garden", "taxes", "dentist", "book", "flights", "renew", "passport"};
constexpr int words_count = sizeof words / sizeof words[0];

// Cut s to at most n bytes, on a UTF-8 character boundary.
void cut_utf8(std::string& s, size_t n)
{
    if (s.size() <= n)
        return;
    while (n > 0 && (uint8_t(s[n]) & 0xC0) == 0x80)
        --n;
    s.resize(n);
}

std::string phrase(Rng& rng, size_t min_len, size_t max_len)
{
    size_t target = min_len + rng.below(max_len - min_len + 1);
    std::string s;
    while (s.size() < target) {
        if (!s.empty())
            s += ' ';
        s += words[rng.below(words_count)];
    }
    cut_utf8(s, max_len);
    while (s.size() < min_len)
        s += '.';
    return s;
}

struct Sizes {
    int64_t lists, tasks, tags;
};

Sizes sizes(int64_t objects)
{
    int64_t tags = objects < tag_count ? objects : tag_count;
    int64_t rest = objects - tags;
    int64_t lists = rest >= 2 ? (rest / 100 > 0 ? rest / 100 : 1) : 0;
    return {lists, rest - lists, tags};
}

// The values of one object, from its _id alone.
struct TaskValues {
    std::string title;
    bool has_notes;
    std::string notes;
    bool done;
    int64_t priority;
    double score;
    bool has_due;
    int64_t due_seconds;
    int32_t due_nanos;
    int64_t list; // TaskList _id, 0: none
    std::vector<std::string> tags;
};

TaskValues task_values(int64_t id, int64_t lists, size_t note_bytes)
{
    Rng rng(uint64_t(id) * 3 + 1);
    TaskValues v;
    v.title = phrase(rng, 10, 60);
    v.has_notes = id % 4 != 0;
    if (v.has_notes) { // a stream of its own: the other values do not depend on the note length
        Rng note_rng(uint64_t(id) * 3);
        size_t lo = note_bytes / 3 + 1, hi = note_bytes * 5 / 3 + 1;
        v.notes = phrase(note_rng, lo, hi);
        if (id % 7 == 0)
            v.notes += "\nsecond line, with \"quotes\"";
    }
    v.done = rng.below(2) == 1;
    v.priority = int64_t(rng.below(5)) - 1;
    v.score = double(int64_t(rng.below(2000001)) - 1000000) / 7.0;
    v.has_due = id % 3 != 0;
    if (v.has_due) {
        v.due_seconds = 1577836800 + int64_t(rng.below(8 * 365 * 86400)); // 2020-2027
        v.due_nanos = id % 5 == 0 ? int32_t(rng.below(1000)) * 1000000 : int32_t(rng.below(1000000000));
    }
    v.list = lists > 0 && id % 50 != 0 ? (id - 1) % lists + 1 : 0;
    size_t n = rng.below(4);
    for (size_t i = 0; i < n; ++i)
        v.tags.push_back(tag_names[rng.below(tag_count)]);
    return v;
}

struct ListValues {
    std::string name;
    int64_t created_seconds;
    int32_t created_nanos;
};

ListValues list_values(int64_t id)
{
    Rng rng(uint64_t(id) * 3 + 2);
    ListValues v;
    v.name = "List " + std::to_string(id) + " · " + phrase(rng, 5, 30);
    v.created_seconds = 1500000000 + int64_t(rng.below(200000000));
    v.created_nanos = int32_t(rng.below(1000)) * 1000000;
    return v;
}

int64_t tag_color(int64_t i)
{
    return int64_t(splitmix(uint64_t(i)) % 0x1000000);
}

// ISO-8601 UTC as the SQLite mapping writes timestamps: milliseconds, or 9 fraction digits
// when the nanoseconds are not whole milliseconds.
std::string iso8601(int64_t seconds, int32_t nanos)
{
    if (nanos < 0) {
        seconds -= 1;
        nanos += 1000000000;
    }
    int64_t days = seconds >= 0 ? seconds / 86400 : -((-seconds + 86399) / 86400);
    int64_t rem = seconds - days * 86400;
    // civil_from_days (H. Hinnant)
    int64_t z = days + 719468;
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
    char buf[128];
    if (nanos % 1000000 == 0)
        std::snprintf(buf, sizeof buf, "%04lld-%02lld-%02lldT%02lld:%02lld:%02lld.%03dZ", (long long)y, (long long)m,
                      (long long)d, (long long)(rem / 3600), (long long)(rem / 60 % 60), (long long)(rem % 60),
                      nanos / 1000000);
    else
        std::snprintf(buf, sizeof buf, "%04lld-%02lld-%02lldT%02lld:%02lld:%02lld.%09dZ", (long long)y, (long long)m,
                      (long long)d, (long long)(rem / 3600), (long long)(rem / 60 % 60), (long long)(rem % 60), nanos);
    return buf;
}

std::string json_string(const std::string& s)
{
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += char(c);
        }
        else if (c == '\n')
            out += "\\n";
        else if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        }
        else
            out += char(c);
    }
    return out + "\"";
}

std::string json_double(double d)
{
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, d);
    return std::string(buf, res.ptr);
}

void remove_db_files(const std::string& path)
{
    ::unlink(path.c_str());
    ::unlink((path + ".lock").c_str());
    ::unlink((path + ".note").c_str());
    std::string cmd = "rm -rf '" + path + ".management'";
    if (std::system(cmd.c_str()) != 0)
        std::cerr << "realmbig: could not remove " << path << ".management\n";
}

int64_t file_size(const std::string& path)
{
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 ? int64_t(st.st_size) : -1;
}

// A sample row of Task, in its SQLite form (JSON), as the manifest lists it.
std::string task_sample(int64_t id, int64_t lists, size_t note_bytes)
{
    TaskValues v = task_values(id, lists, note_bytes);
    std::ostringstream o;
    o << "{\"table\":\"Task\",\"key\":\"_id\",\"id\":" << id << ",\"values\":{";
    o << "\"title\":" << json_string(v.title);
    o << ",\"notes\":" << (v.has_notes ? json_string(v.notes) : "null");
    o << ",\"done\":" << (v.done ? 1 : 0);
    o << ",\"priority\":" << v.priority;
    o << ",\"score\":" << json_double(v.score);
    o << ",\"due\":" << (v.has_due ? json_string(iso8601(v.due_seconds, v.due_nanos)) : "null");
    o << ",\"list\":" << (v.list ? std::to_string(v.list) : "null");
    o << "},\"lists\":{\"tags\":[";
    for (size_t i = 0; i < v.tags.size(); ++i)
        o << (i ? "," : "") << json_string(v.tags[i]);
    o << "]}}";
    return o.str();
}

std::string list_sample(int64_t id, int64_t lists, int64_t tasks)
{
    ListValues v = list_values(id);
    std::ostringstream o;
    o << "{\"table\":\"TaskList\",\"key\":\"_id\",\"id\":" << id << ",\"values\":{";
    o << "\"name\":" << json_string(v.name);
    o << ",\"created\":" << json_string(iso8601(v.created_seconds, v.created_nanos));
    o << "},\"lists\":{\"tasks\":[";
    // tasks of list `id`: task t with (t - 1) % lists + 1 == id and t % 50 != 0, in order
    bool first = true;
    for (int64_t t = id; t <= tasks; t += lists) {
        if (t % 50 == 0)
            continue;
        o << (first ? "" : ",") << t;
        first = false;
    }
    o << "]}}";
    return o.str();
}

int usage()
{
    std::cerr << "usage: realmbig OUT.realm [OBJECTS] [--bytes N] [--note-bytes K] [--archives C --archive-bytes B]\n";
    return 2;
}

bool parse_count(const char* text, int64_t& out)
{
    char* end = nullptr;
    errno = 0;
    long long v = std::strtoll(text, &end, 10);
    if (errno || end == text || *end || v < 0)
        return false;
    out = v;
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    std::string out;
    int64_t objects = 1000000, bytes = 0, note_bytes = 60, archives = 0, archive_bytes = 1000000000;
    bool have_objects = false;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if ((a == "--archives" || a == "--archive-bytes") && i + 1 < argc) {
            int64_t v;
            if (!parse_count(argv[++i], v) || v == 0 || (a == "--archives" && v > 100)) {
                std::cerr << "realmbig: " << a << " needs a positive integer (at most 100 archives), not '" << argv[i] << "'\n";
                return 2;
            }
            (a == "--archives" ? archives : archive_bytes) = v;
        }
        else if ((a == "--bytes" || a == "--note-bytes") && i + 1 < argc) {
            int64_t v;
            if (!parse_count(argv[++i], v) || v == 0) {
                std::cerr << "realmbig: " << a << " needs a positive integer, not '" << argv[i] << "'\n";
                return 2;
            }
            (a == "--bytes" ? bytes : note_bytes) = v;
        }
        else if (!a.empty() && a[0] == '-')
            return usage();
        else if (out.empty())
            out = a;
        else if (!have_objects) {
            if (!parse_count(argv[i], objects)) {
                std::cerr << "realmbig: OBJECTS must be a non-negative integer, not '" << a << "'\n";
                return 2;
            }
            have_objects = true;
        }
        else
            return usage();
    }
    if (out.empty())
        return usage();

    Sizes n = sizes(objects);
    if (bytes > 0) {
        // About 150 bytes per object besides the notes (measured at 1M objects with 60-byte
        // notes: 194 MB, 46 MB of them notes); 3 of 4 tasks have a note.
        int64_t fixed = 150 * objects;
        int64_t with_notes = n.tasks - n.tasks / 4;
        if (with_notes > 0 && bytes > fixed)
            note_bytes = (bytes - fixed) / with_notes;
        if (note_bytes < 1)
            note_bytes = 1;
    }

    try {
        remove_db_files(out);
        {
            auto history = make_in_realm_history();
            DBRef db = DB::create(*history, out, DBOptions());
            ColKey tag_name, tag_col, l_name, l_created, l_tasks;
            ColKey t_title, t_notes, t_done, t_priority, t_score, t_due, t_list, t_tags;
            TableKey lists_key, tasks_key;
            std::vector<ObjKey> list_keys; // by _id - 1
            {
                auto tr = db->start_write();
                TableRef meta = tr->add_table("metadata");
                meta->create_object().set(meta->add_column(type_Int, "version"), schema_version);
                TableRef tag = tr->add_table_with_primary_key("class_Tag", type_String, "name");
                tag_name = tag->get_primary_key_column();
                tag_col = tag->add_column(type_Int, "color");
                TableRef list = tr->add_table_with_primary_key("class_TaskList", type_Int, "_id");
                TableRef task = tr->add_table_with_primary_key("class_Task", type_Int, "_id");
                l_name = list->add_column(type_String, "name");
                l_created = list->add_column(type_Timestamp, "created");
                l_tasks = list->add_column_list(*task, "tasks");
                t_title = task->add_column(type_String, "title");
                t_notes = task->add_column(type_String, "notes", true);
                t_done = task->add_column(type_Bool, "done");
                t_priority = task->add_column(type_Int, "priority");
                t_score = task->add_column(type_Double, "score");
                t_due = task->add_column(type_Timestamp, "due", true);
                t_list = task->add_column(*list, "list");
                t_tags = task->add_column_list(type_String, "tags");
                lists_key = list->get_key();
                tasks_key = task->get_key();
                for (int64_t i = 0; i < n.tags; ++i)
                    tag->create_object_with_primary_key(Mixed(StringData(tag_names[i]))).set(tag_col, tag_color(i));
                for (int64_t id = 1; id <= n.lists; ++id) {
                    ListValues v = list_values(id);
                    Obj o = list->create_object_with_primary_key(Mixed(id));
                    o.set(l_name, StringData(v.name));
                    o.set(l_created, Timestamp(v.created_seconds, v.created_nanos));
                    list_keys.push_back(o.get_key());
                }
                tr->commit();
            }
            for (int64_t start = 1; start <= n.tasks; start += objects_per_commit) {
                auto tr = db->start_write();
                TableRef task = tr->get_table(tasks_key);
                TableRef list = tr->get_table(lists_key);
                int64_t end = std::min(n.tasks, start + objects_per_commit - 1);
                for (int64_t id = start; id <= end; ++id) {
                    TaskValues v = task_values(id, n.lists, size_t(note_bytes));
                    Obj o = task->create_object_with_primary_key(Mixed(id));
                    o.set(t_title, StringData(v.title));
                    if (v.has_notes)
                        o.set(t_notes, StringData(v.notes));
                    o.set(t_done, v.done);
                    o.set(t_priority, v.priority);
                    o.set(t_score, v.score);
                    if (v.has_due)
                        o.set(t_due, Timestamp(v.due_seconds, v.due_nanos));
                    if (v.list) {
                        ObjKey lk = list_keys[size_t(v.list - 1)];
                        o.set(t_list, lk);
                        list->get_object(lk).get_linklist(l_tasks).add(o.get_key());
                    }
                    if (!v.tags.empty()) {
                        auto tags = o.get_list<String>(t_tags);
                        for (auto& t : v.tags)
                            tags.add(StringData(t));
                    }
                }
                tr->commit();
                if (::isatty(2))
                    std::cerr << "realmbig: " << end << " of " << n.tasks << " tasks\r" << std::flush;
            }
            // The archives: bodies of 2,000 bytes made of words, the same for the same _id.
            constexpr int64_t body_bytes = 2000;
            int64_t per_archive = archives > 0 ? archive_bytes / archives / body_bytes : 0;
            for (int64_t a = 1; a <= archives; ++a) {
                TableKey key;
                ColKey body_col, size_col;
                {
                    auto tr = db->start_write();
                    TableRef t = tr->add_table_with_primary_key("class_Archive" + std::to_string(a), type_Int, "_id");
                    body_col = t->add_column(type_String, "body");
                    size_col = t->add_column(type_Int, "size");
                    key = t->get_key();
                    tr->commit();
                }
                for (int64_t start = 1; start <= per_archive; start += objects_per_commit) {
                    auto tr = db->start_write();
                    TableRef t = tr->get_table(key);
                    int64_t end = std::min(per_archive, start + objects_per_commit - 1);
                    for (int64_t id = start; id <= end; ++id) {
                        Rng rng(uint64_t(a) * 1000003 + uint64_t(id));
                        std::string body = "Archive " + std::to_string(a) + " #" + std::to_string(id) + ":";
                        while (int64_t(body.size()) < body_bytes) {
                            body += ' ';
                            body += words[rng.below(words_count)];
                        }
                        body.resize(size_t(body_bytes));
                        // Never cut inside a UTF-8 sequence: back up to the start of the last one cut.
                        while (!body.empty() && (static_cast<unsigned char>(body.back()) & 0xC0) == 0x80)
                            body.pop_back();
                        if (!body.empty() && static_cast<unsigned char>(body.back()) >= 0xC0)
                            body.pop_back();
                        Obj o = t->create_object_with_primary_key(Mixed(id));
                        o.set(body_col, StringData(body));
                        o.set(size_col, int64_t(body.size()));
                    }
                    tr->commit();
                    if (::isatty(2))
                        std::cerr << "realmbig: Archive" << a << ": " << end << " of " << per_archive << "\r" << std::flush;
                }
            }
            db->close();
        }
        std::string keep = out + ".keep";
        std::rename(out.c_str(), keep.c_str());
        remove_db_files(out);
        std::rename(keep.c_str(), out.c_str());

        // The manifest: counts per table of the SQLite mapping, nulls, samples; computed from
        // the generator's own value functions, not read back.
        int64_t list_links = 0, tag_values = 0, null_notes = 0, null_due = 0, null_list = 0;
        for (int64_t id = 1; id <= n.tasks; ++id) {
            TaskValues v = task_values(id, n.lists, 1);
            list_links += v.list ? 1 : 0;
            null_list += v.list ? 0 : 1;
            tag_values += int64_t(v.tags.size());
            null_notes += v.has_notes ? 0 : 1;
            null_due += v.has_due ? 0 : 1;
        }
        std::string archive_counts;
        int64_t per_archive = archives > 0 ? archive_bytes / archives / 2000 : 0;
        for (int64_t a = 1; a <= archives; ++a)
            archive_counts += ",\"Archive" + std::to_string(a) + "\":" + std::to_string(per_archive);
        std::vector<int64_t> task_ids = {1, 2, 3, 4, 5, 7, 12, 50, 100, n.tasks / 2, n.tasks - 1, n.tasks};
        std::vector<int64_t> list_ids = {1, 2, n.lists / 2, n.lists};
        std::ostringstream m;
        m << "{\"file\":" << json_string(out.substr(out.find_last_of('/') + 1)) << ",\"fileSize\":" << file_size(out)
          << ",\"objects\":" << objects << ",\"noteBytes\":" << note_bytes << ",\"userVersion\":" << schema_version
          << ",\"classes\":{\"Tag\":" << n.tags << ",\"TaskList\":" << n.lists << ",\"Task\":" << n.tasks << archive_counts << "}"
          << ",\"rows\":{\"Tag\":" << n.tags << ",\"TaskList\":" << n.lists << ",\"TaskList_tasks\":" << list_links
          << ",\"Task\":" << n.tasks << ",\"Task_tags\":" << tag_values << archive_counts << "}"
          << ",\"nulls\":{\"Task.notes\":" << null_notes << ",\"Task.due\":" << null_due
          << ",\"Task.list\":" << null_list << "},\"samples\":[";
        bool first = true;
        for (int64_t id : task_ids) {
            if (id < 1 || id > n.tasks)
                continue;
            m << (first ? "\n" : ",\n") << task_sample(id, n.lists, size_t(note_bytes));
            first = false;
        }
        for (int64_t id : list_ids) {
            if (id < 1 || id > n.lists)
                continue;
            m << (first ? "\n" : ",\n") << list_sample(id, n.lists, n.tasks);
            first = false;
        }
        for (int64_t i : {int64_t(0), int64_t(13), n.tags - 1}) {
            if (i < 0 || i >= n.tags)
                continue;
            m << (first ? "\n" : ",\n") << "{\"table\":\"Tag\",\"key\":\"name\",\"id\":" << json_string(tag_names[i])
              << ",\"values\":{\"color\":" << tag_color(i) << "},\"lists\":{}}";
            first = false;
        }
        m << "]}\n";
        std::string manifest = out.size() > 6 && out.substr(out.size() - 6) == ".realm"
                                   ? out.substr(0, out.size() - 6) + ".json"
                                   : out + ".json";
        std::ofstream(manifest, std::ios::binary | std::ios::trunc) << m.str();
        if (::isatty(2))
            std::cerr << "\n";
        std::cout << "wrote " << out << " (" << file_size(out) << " bytes: " << n.tags << " Tag, " << n.lists
                  << " TaskList, " << n.tasks << " Task, " << archives << " archives of " << per_archive << "; notes about " << note_bytes << " bytes) and " << manifest
                  << "\n";
    }
    catch (const std::exception& e) {
        std::cerr << "realmbig: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
