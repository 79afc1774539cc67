#ifndef STRATA_INTERRUPT_H
#define STRATA_INTERRUPT_H

/// Ctrl-C handling in C, as the sqlite3 shell does it: the signal handler only sets a flag and calls
/// sqlite3_interrupt (safe from any thread) on up to 16 registered connections.

/// Routes SIGINT to the handler, with no connections and the flag cleared.
void strata_interrupts_begin(void);
/// Routes SIGTERM and SIGHUP to the same handler until strata_interrupts_end: for work that must roll back and
/// clean up when asked to stop (migrate).
void strata_interrupts_catch_terminate(void);
/// Gives SIGINT back to the handler it had before the outermost begin (by default, ending the process), and
/// SIGTERM, if caught, to the one it had before.
void strata_interrupts_end(void);
/// Registers a connection (an sqlite3 *); 0 when all 16 places are taken.
int strata_interrupts_add(void *connection);
void strata_interrupts_remove(void *connection);
/// Makes a connection stop its statement soon after Ctrl-C, whenever the statement started.
void strata_interrupts_install(void *connection);
/// 1 once Ctrl-C was pressed since strata_interrupts_begin.
int strata_interrupts_fired(void);

#endif
