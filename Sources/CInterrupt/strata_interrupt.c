#include "strata_interrupt.h"

#include <pthread.h>
#include <signal.h>
#include <sqlite3.h>

enum { TARGETS = 16 };
static sqlite3 *volatile targets[TARGETS];
static volatile sig_atomic_t interrupted;
static int terminate_routed;
/// The signals that ask a process to stop as Ctrl-C does, once catch_terminate routes them: SIGTERM (kill,
/// a CI runner's timeout) and SIGHUP (the terminal closed).
static const int terminating[] = {SIGTERM, SIGHUP};
enum { TERMINATING = sizeof terminating / sizeof terminating[0] };
/// Their handlers before catch_terminate (cleanup handlers), put back by end.
static void (*previous_terminate[TERMINATING])(int);

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
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < TERMINATING; i++) {
        void (*before)(int) = signal(terminating[i], handle_sigint);
        if (!terminate_routed) previous_terminate[i] = before == SIG_ERR ? SIG_DFL : before;
        sigaddset(&set, terminating[i]);
    }
    terminate_routed = 1;
    pthread_sigmask(SIG_UNBLOCK, &set, 0);
}

void strata_interrupts_end(void) {
    if (depth > 0 && --depth == 0) signal(SIGINT, previous);
    if (terminate_routed) {
        for (int i = 0; i < TERMINATING; i++) signal(terminating[i], previous_terminate[i]);
    }
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
