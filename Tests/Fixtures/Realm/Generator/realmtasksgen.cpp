// realmtasksgen: writes Samples/RealmTasks/RealmTasks.realm, the RealmTasks sample's data as a Realm app
// would have stored it, with realm-core's storage API: the same lists, tasks and tags as the database that
// `strata migrate RealmTasks.sqlite --create --dir Samples/RealmTasks/Migrations` builds (version 4).
//
// Not part of `swift build`. Build and run (see README.md beside this file for building realm-core):
//   REALM_CORE=/work/scratch/realm-core Tests/Fixtures/Realm/Generator/realmtasksgen.sh
// which compiles this file against $REALM_CORE/build/src/realm/librealm.a and writes the file.
//
// Layout, as the object store makes it (see "Object-store layout" in README.md): tables `class_<Name>`
// with their primary key columns, a `metadata` table holding the schema version (4), in-Realm history.
//   TaskList  id int (primary key), name string
//   Task      id int (primary key), name string, isCompleted bool, priority int, createdAt timestamp,
//             list TaskList? (a link: Realm's links are optional), tags list<Tag>
//   Tag       name string (primary key)
// SamplesTests converts the file with `strata convert` and compares every class with the migrated database,
// so a change to the migrations' data must be made here too (and the file written again).

#include <realm/db.hpp>
#include <realm/transaction.hpp>
#include <realm/group.hpp>
#include <realm/table.hpp>
#include <realm/obj.hpp>
#include <realm/list.hpp>
#include <realm/history.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <string>
#include <vector>
#include <sys/stat.h>
#include <unistd.h>

using namespace realm;

namespace {

constexpr int64_t schema_version = 4;

struct ListRow {
    int64_t id;
    const char* name;
};

struct TaskRow {
    int64_t id;
    const char* name;
    bool isCompleted;
    int64_t priority;
    const char* createdAt; // UTC, whole seconds: YYYY-MM-DDTHH:MM:SSZ
    int64_t list;
    std::vector<const char*> tags;
};

// The rows of Samples/RealmTasks/Migrations 1 to 4, as version 4 leaves them.
const std::vector<ListRow> lists = {{1, "Inbox"}, {2, "Groceries"}};

const std::vector<const char*> tags = {"home", "errand", "urgent"};

// Version 4 gave every task the default creation date of its rebuild.
const std::vector<TaskRow> tasks = {
    {1, "Call Bob", false, 0, "2026-01-01T00:00:00Z", 1, {"urgent"}},
    {2, "File taxes", true, 1, "2026-01-01T00:00:00Z", 1, {}},
    {3, "Milk", false, 0, "2026-01-01T00:00:00Z", 2, {"errand", "home"}},
    {4, "Bread", false, 0, "2026-01-01T00:00:00Z", 2, {"errand"}},
    {5, "Coffee", true, 0, "2026-01-01T00:00:00Z", 2, {}},
};

Timestamp utc(const char* text)
{
    struct tm t = {};
    if (std::sscanf(text, "%d-%d-%dT%d:%d:%dZ", &t.tm_year, &t.tm_mon, &t.tm_mday, &t.tm_hour, &t.tm_min, &t.tm_sec) != 6)
        throw std::runtime_error(std::string("not a UTC date: ") + text);
    t.tm_year -= 1900;
    t.tm_mon -= 1;
    return Timestamp(int64_t(timegm(&t)), 0);
}

void remove_db_files(const std::string& path)
{
    ::unlink(path.c_str());
    ::unlink((path + ".lock").c_str());
    ::unlink((path + ".note").c_str());
    std::string cmd = "rm -rf '" + path + ".management'";
    if (std::system(cmd.c_str()) != 0)
        std::cerr << "realmtasksgen: could not remove " << path << ".management\n";
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::cerr << "usage: realmtasksgen OUT.realm\n";
        return 2;
    }
    std::string out = argv[1];
    try {
        remove_db_files(out);
        {
            auto history = make_in_realm_history();
            DBRef db = DB::create(*history, out, DBOptions());
            // First commit: the schema, as an app's first launch writes it.
            {
                auto tr = db->start_write();
                TableRef meta = tr->add_table("metadata");
                meta->create_object().set(meta->add_column(type_Int, "version"), schema_version);
                TableRef list = tr->add_table_with_primary_key("class_TaskList", type_Int, "id");
                list->add_column(type_String, "name");
                TableRef tag = tr->add_table_with_primary_key("class_Tag", type_String, "name");
                TableRef task = tr->add_table_with_primary_key("class_Task", type_Int, "id");
                task->add_column(type_String, "name");
                task->add_column(type_Bool, "isCompleted");
                task->add_column(type_Int, "priority");
                task->add_column(type_Timestamp, "createdAt");
                task->add_column(*list, "list");
                task->add_column_list(*tag, "tags");
                tr->commit();
            }
            // Then the objects, a commit per class, as the app would have added them over time.
            {
                auto tr = db->start_write();
                TableRef list = tr->get_table("class_TaskList");
                ColKey name = list->get_column_key("name");
                for (auto& l : lists)
                    list->create_object_with_primary_key(Mixed(l.id)).set(name, StringData(l.name));
                TableRef tag = tr->get_table("class_Tag");
                for (auto t : tags)
                    tag->create_object_with_primary_key(Mixed(StringData(t)));
                tr->commit();
            }
            {
                auto tr = db->start_write();
                TableRef list = tr->get_table("class_TaskList");
                TableRef tag = tr->get_table("class_Tag");
                TableRef task = tr->get_table("class_Task");
                ColKey name = task->get_column_key("name"), done = task->get_column_key("isCompleted"),
                       priority = task->get_column_key("priority"), created = task->get_column_key("createdAt"),
                       link = task->get_column_key("list"), tagList = task->get_column_key("tags");
                for (auto& t : tasks) {
                    Obj o = task->create_object_with_primary_key(Mixed(t.id));
                    o.set(name, StringData(t.name));
                    o.set(done, t.isCompleted);
                    o.set(priority, t.priority);
                    o.set(created, utc(t.createdAt));
                    o.set(link, list->find_primary_key(Mixed(t.list)));
                    auto links = o.get_linklist(tagList);
                    for (auto n : t.tags)
                        links.add(tag->find_primary_key(Mixed(StringData(n))));
                }
                tr->commit();
            }
            db->close();
        }
        // Keep the .realm, drop the .lock, .note and .management files DB leaves beside it.
        std::string keep = out + ".keep";
        std::rename(out.c_str(), keep.c_str());
        remove_db_files(out);
        std::rename(keep.c_str(), out.c_str());
        struct stat st;
        ::stat(out.c_str(), &st);
        std::cout << "wrote " << out << " (" << st.st_size << " bytes: " << lists.size() << " TaskList, " << tasks.size()
                  << " Task, " << tags.size() << " Tag; schema version " << schema_version << ")\n";
    }
    catch (const std::exception& e) {
        std::cerr << "realmtasksgen: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
