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

/// Completion matches case-insensitively, and the common part of several matches keeps the case the user typed, so
/// that Tab never shortens what was typed (`where Su` against `SUBQUERY` and `Subject`). GNU readline's setting;
/// libedit (macOS) has no such variable, and completes as before there.
static inline void strata_rl_ignore_case(void) {
#if !defined(__APPLE__)
    rl_variable_bind("completion-ignore-case", "on");
#endif
}

/// The whole line being edited.
static inline const char *strata_rl_line_buffer(void) { return rl_line_buffer; }

#include <signal.h>
#include <unistd.h>

/// Ctrl-C at the prompt: drop the line being typed and show a fresh prompt, as shells do.
/// (Readline calls in a signal handler are what readline-based tools do; the prompt is idle then.)
static void strata_rl_sigint(int signal_number) {
    (void)signal_number;
    (void)write(STDOUT_FILENO, "\n", 1);
#ifndef __APPLE__
    rl_on_new_line();
    rl_replace_line("", 0);
    rl_redisplay();
#endif
}

/// Installs the prompt's Ctrl-C handler and keeps readline from installing its own.
static inline void strata_rl_install_sigint(void) {
    rl_catch_signals = 0;
    signal(SIGINT, strata_rl_sigint);
}

#endif
