#include "strata_interrupt.h"

#include <pthread.h>
#include <signal.h>
#include <sqlite3.h>

enum { TARGETS = 16 };
static sqlite3 *volatile targets[TARGETS];
static volatile sig_atomic_t interrupted;
static int terminate_routed;
/// The SIGTERM handler before catch_terminate (a cleanup handler), put back by end.
static void (*previous_terminate)(int) = SIG_DFL;

static void handle_sigint(int signal_number) {
    (void)signal_number;
    interrupted = 1;
    for (int i = 0; i < TARGETS; i++) {
        sqlite3 *db = targets[i];
        if (db) sqlite3_interrupt(db);
    }
}

/// The SIGINT handler before the outermost begin (a cleanup handler, readline's), put back by its end.
static void (*previous)(int) = SIG_DFL;
static int depth;

void strata_interrupts_begin(void) {
    for (int i = 0; i < TARGETS; i++) targets[i] = 0;
    interrupted = 0;
    void (*before)(int) = signal(SIGINT, handle_sigint);
    if (depth++ == 0) previous = before == SIG_ERR ? SIG_DFL : before;
    // A parent may have started us with SIGINT blocked (test runners do): let this thread take it.
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_UNBLOCK, &set, 0);
}

void strata_interrupts_catch_terminate(void) {
    void (*before)(int) = signal(SIGTERM, handle_sigint);
    if (!terminate_routed) previous_terminate = before == SIG_ERR ? SIG_DFL : before;
    terminate_routed = 1;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_UNBLOCK, &set, 0);
}

void strata_interrupts_end(void) {
    if (depth > 0 && --depth == 0) signal(SIGINT, previous);
    if (terminate_routed) signal(SIGTERM, previous_terminate);
    terminate_routed = 0;
    for (int i = 0; i < TARGETS; i++) targets[i] = 0;
    interrupted = 0;
}

/// sqlite3_interrupt is lost on a connection with no statement running yet; this progress handler
/// catches a Ctrl-C that came in between, every few hundred virtual machine steps.
static int check_interrupted(void *unused) {
    (void)unused;
    return interrupted != 0;
}

void strata_interrupts_install(void *connection) {
    sqlite3_progress_handler(connection, 400, check_interrupted, 0);
}

int strata_interrupts_add(void *connection) {
    for (int i = 0; i < TARGETS; i++) {
        if (!targets[i]) {
            targets[i] = connection;
            if (interrupted) sqlite3_interrupt(connection);
            return 1;
        }
    }
    return 0;
}

void strata_interrupts_remove(void *connection) {
    for (int i = 0; i < TARGETS; i++) {
        if (targets[i] == connection) targets[i] = 0;
    }
}

int strata_interrupts_fired(void) { return interrupted; }
