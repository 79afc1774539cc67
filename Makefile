# strata: build, install, uninstall, test.
#
#   make install                          release build, then install under /usr/local
#   make install PREFIX=/usr DESTDIR=/tmp/stage
#   make install BINARY=.build/debug/strata   install a binary already built, without building
#   make uninstall [PREFIX=…] [DESTDIR=…]  remove exactly the files install installs
#   make test                             swift test
#
# install puts strata in $(PREFIX)/bin, the manual pages of man/ (*.1, *.5, *.7) in share/man, and the
# completion scripts, which the installed binary generates from its command table ('strata completion
# SHELL'), where bash-completion, zsh and fish look for them. uninstall removes the same list of files,
# computed from the same variables and the same man/ folder; it leaves directories alone, since it cannot
# tell those it made from those that were there.
#
# Each directory is a variable of its own: Debian's zsh, for one, reads /usr/local/share/zsh/site-functions
# but for PREFIX=/usr wants zshcompletiondir=/usr/share/zsh/vendor-completions.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
INSTALL ?= install
# The strata binary to install; empty: build one in release mode first.
BINARY ?=
# Where install writes the completion scripts before installing them.
COMPLETIONS_DIR ?= .build/completions

bindir = $(PREFIX)/bin
mandir = $(PREFIX)/share/man
bashcompletiondir = $(PREFIX)/share/bash-completion/completions
zshcompletiondir = $(PREFIX)/share/zsh/site-functions
fishcompletiondir = $(PREFIX)/share/fish/vendor_completions.d

# On Linux the release build links Swift's runtime and Foundation statically: strata then starts in under half the
# time (about 4 ms for `strata --version`, against 11 ms linked to Swift's shared libraries, measured), which every CI
# loop pays once per file, for a larger binary (about 90 MB instead of 20 MB). With no Swift library beside it, the
# binary needs no $ORIGIN run path either, which would make the loader look for each system library in the build
# folder first. It builds in a folder of its own, so that it never takes turns with `swift build -c release`
# rebuilding the other way. macOS has the runtime in the system.
STATIC_STDLIB = $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib --disable-local-rpath,)
SCRATCH = $(if $(STATIC_STDLIB),.build/static,.build)
STRATA = $(if $(BINARY),$(BINARY),$(SCRATCH)/release/strata)
# Every manual page, and where it goes: man/strata.1 to share/man/man1/strata.1.
MANPAGES = $(sort $(wildcard man/*.1 man/*.5 man/*.7))
man_destination = $(mandir)/man$(subst .,,$(suffix $(1)))/$(notdir $(1))
MAN_SECTIONS = $(sort $(subst .,,$(suffix $(MANPAGES))))

# What install installs, without DESTDIR: uninstall removes these and nothing else.
INSTALLED_FILES = \
	$(bindir)/strata \
	$(foreach page,$(MANPAGES),$(call man_destination,$(page))) \
	$(bashcompletiondir)/strata \
	$(zshcompletiondir)/_strata \
	$(fishcompletiondir)/strata.fish

define newline


endef

.PHONY: all build install uninstall test

all: build

build:
	$(SWIFT) build -c release $(STATIC_STDLIB) --scratch-path $(SCRATCH)

install: $(if $(BINARY),,build)
	$(INSTALL) -d -m 755 "$(DESTDIR)$(bindir)"
	$(INSTALL) -m 755 "$(STRATA)" "$(DESTDIR)$(bindir)/strata"
	$(foreach section,$(MAN_SECTIONS),$(INSTALL) -d -m 755 "$(DESTDIR)$(mandir)/man$(section)"$(newline))
	$(foreach page,$(MANPAGES),$(INSTALL) -m 644 "$(page)" "$(DESTDIR)$(call man_destination,$(page))"$(newline))
	mkdir -p "$(COMPLETIONS_DIR)"
	"$(STRATA)" completion bash > "$(COMPLETIONS_DIR)/strata"
	"$(STRATA)" completion zsh > "$(COMPLETIONS_DIR)/_strata"
	"$(STRATA)" completion fish > "$(COMPLETIONS_DIR)/strata.fish"
	$(INSTALL) -d -m 755 "$(DESTDIR)$(bashcompletiondir)" "$(DESTDIR)$(zshcompletiondir)" "$(DESTDIR)$(fishcompletiondir)"
	$(INSTALL) -m 644 "$(COMPLETIONS_DIR)/strata" "$(DESTDIR)$(bashcompletiondir)/strata"
	$(INSTALL) -m 644 "$(COMPLETIONS_DIR)/_strata" "$(DESTDIR)$(zshcompletiondir)/_strata"
	$(INSTALL) -m 644 "$(COMPLETIONS_DIR)/strata.fish" "$(DESTDIR)$(fishcompletiondir)/strata.fish"

uninstall:
	$(foreach file,$(INSTALLED_FILES),rm -f "$(DESTDIR)$(file)"$(newline))

test:
	$(SWIFT) test
