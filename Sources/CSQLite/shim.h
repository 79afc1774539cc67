#ifndef STRATA_CSQLITE_SHIM_H
#define STRATA_CSQLITE_SHIM_H

#include <sqlite3.h>

/// sqlite3_db_config is variadic, which Swift cannot call: one wrapper per argument shape.
static inline int strata_db_config_flag(sqlite3 *db, int op, int value) {
    return sqlite3_db_config(db, op, value, (int *)0);
}

/// The current value of an on/off option of sqlite3_db_config (-1 leaves it as it is).
static inline int strata_db_config_read(sqlite3 *db, int op, int *value) {
    return sqlite3_db_config(db, op, -1, value);
}

/// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift does not import.
static inline int strata_bind_text(sqlite3_stmt *stmt, int index, const char *text, int bytes) {
    return sqlite3_bind_text(stmt, index, text, bytes, SQLITE_TRANSIENT);
}

/// Text the caller keeps unchanged until the statement is reset or bound again: not copied.
static inline int strata_bind_text_static(sqlite3_stmt *stmt, int index, const char *text, int bytes) {
    return sqlite3_bind_text(stmt, index, text, bytes, SQLITE_STATIC);
}

/// A blob the caller keeps unchanged until the statement is reset or bound again: not copied.
static inline int strata_bind_blob_static(sqlite3_stmt *stmt, int index, const void *bytes, int count) {
    return sqlite3_bind_blob(stmt, index, bytes, count, SQLITE_STATIC);
}

static inline int strata_bind_blob(sqlite3_stmt *stmt, int index, const void *bytes, int count) {
    return sqlite3_bind_blob(stmt, index, bytes, count, SQLITE_TRANSIENT);
}

static inline void strata_result_text(sqlite3_context *context, const char *text, int bytes) {
    sqlite3_result_text(context, text, bytes, SQLITE_TRANSIENT);
}

static inline void strata_result_blob(sqlite3_context *context, const void *bytes, int count) {
    if (count == 0) { sqlite3_result_zeroblob(context, 0); return; }
    sqlite3_result_blob(context, bytes, count, SQLITE_TRANSIENT);
}

#endif
