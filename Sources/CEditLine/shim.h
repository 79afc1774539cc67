#ifndef STRATA_CEDITLINE_SHIM_H
#define STRATA_CEDITLINE_SHIM_H

// libedit's readline interface: macOS's own line editor, and Debian's libedit-dev (STRATA_LINE_EDITOR=libedit).
#define STRATA_LIBEDIT 1
#include <stdio.h>
#include <editline/readline.h>

#include "../CReadline/strata_line_editor.h"

#endif
