#ifndef STRATA_CREADLINE_SHIM_H
#define STRATA_CREADLINE_SHIM_H

// GNU readline on Linux; on macOS the SDK's libreadline is libedit with a readline-compatible header.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

/// Readline's settings are C globals, which Swift 6 will not touch directly: one accessor each.
static inline void strata_rl_set_completion(char **(*function)(const char *, int, int)) {
    rl_attempted_completion_function = function;
}

/// Tells readline not to fall back to file names when our completion has nothing.
static inline void strata_rl_completion_over(void) { rl_attempted_completion_over = 1; }

/// The whole line being edited.
static inline const char *strata_rl_line_buffer(void) { return rl_line_buffer; }

#endif
