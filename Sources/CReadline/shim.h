#ifndef STRATA_CREADLINE_SHIM_H
#define STRATA_CREADLINE_SHIM_H

// GNU readline on Linux; on macOS the SDK's libreadline is libedit with a readline-compatible header.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

#endif
