#ifndef STRATA_CREADLINE_SHIM_H
#define STRATA_CREADLINE_SHIM_H

// GNU readline (Debian's libreadline-dev, or Homebrew's readline with STRATA_LINE_EDITOR=readline on macOS).
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

#include "strata_line_editor.h"

#endif
