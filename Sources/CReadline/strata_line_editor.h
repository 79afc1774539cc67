#ifndef STRATA_LINE_EDITOR_H
#define STRATA_LINE_EDITOR_H

// What Strata calls in the line editor, for GNU readline (shim.h here) and libedit (../CEditLine/shim.h), which
// include their library's headers first; STRATA_LIBEDIT marks libedit, where a few calls differ.

/// Readline's settings are C globals, which Swift 6 will not touch directly: one accessor each.
static inline void strata_rl_set_completion(char **(*function)(const char *, int, int)) {
    rl_attempted_completion_function = function;
}

/// Tells readline not to fall back to file names when our completion has nothing.
static inline void strata_rl_completion_over(void) { rl_attempted_completion_over = 1; }

/// Whether readline adds a space after the one completion of a word: not after a link that a `.` may follow.
static inline void strata_rl_append_space(int append) { rl_completion_append_character = append ? ' ' : '\0'; }

/// Completion matches case-insensitively, and the common part of several matches keeps the case the user typed, so
/// that Tab never shortens what was typed (`where Su` against `SUBQUERY` and `Subject`). GNU readline's setting;
/// libedit has no such variable, and completes as before there.
static inline void strata_rl_ignore_case(void) {
#ifndef STRATA_LIBEDIT
    rl_variable_bind("completion-ignore-case", "on");
#endif
}

/// The line editor, as `strata --version` names it: "GNU readline 8.2", or "libedit" (whose version string is only
/// "EditLine wrapper").
static inline const char *strata_rl_editor(void) {
#ifdef STRATA_LIBEDIT
    return "libedit";
#else
    static char name[64];
    snprintf(name, sizeof name, "GNU readline %s", rl_library_version ? rl_library_version : "");
    return name;
#endif
}

/// The whole line being edited.
static inline const char *strata_rl_line_buffer(void) { return rl_line_buffer; }

#include <signal.h>
#include <unistd.h>

/// Set by a Ctrl-C at the prompt, cleared by `strata_rl_take_interrupt`.
static volatile sig_atomic_t strata_rl_interrupted = 0;

/// Ctrl-C at the prompt: drop the line being typed and show a fresh prompt, as shells do. GNU readline goes on
/// reading, so the line is replaced here; libedit ends `readline` instead (it returns NULL, as at the end of input),
/// and the caller, seeing the flag, prompts again.
/// (Readline calls in a signal handler are what readline-based tools do; the prompt is idle then.)
static void strata_rl_sigint(int signal_number) {
    (void)signal_number;
    strata_rl_interrupted = 1;
    (void)write(STDOUT_FILENO, "\n", 1);
#ifndef STRATA_LIBEDIT
    rl_on_new_line();
    rl_replace_line("", 0);
    rl_redisplay();
#endif
}

/// Whether `readline` returns NULL at Ctrl-C (libedit), not only at the end of input (GNU readline).
static inline int strata_rl_ends_line_at_interrupt(void) {
#ifdef STRATA_LIBEDIT
    return 1;
#else
    return 0;
#endif
}

/// Whether Ctrl-C was pressed since the last call.
static inline int strata_rl_take_interrupt(void) {
    int was = strata_rl_interrupted;
    strata_rl_interrupted = 0;
    return was;
}

/// Installs the prompt's Ctrl-C handler and keeps readline from installing its own.
static inline void strata_rl_install_sigint(void) {
    rl_catch_signals = 0;
    signal(SIGINT, strata_rl_sigint);
}

#endif
