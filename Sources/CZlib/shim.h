#ifndef STRATA_CZLIB_SHIM_H
#define STRATA_CZLIB_SHIM_H

// zlib: Debian's zlib1g-dev on Linux, the SDK's libz on macOS.
#include <zlib.h>

/// inflateInit2 is a macro (it passes the header's version and the stream's size), which Swift does not import.
/// windowBits: 15 for a zlib wrapper (RFC 1950), -15 for raw deflate (RFC 1951).
static inline int strata_inflate_init2(z_stream *stream, int window_bits) {
    return inflateInit2(stream, window_bits);
}

#endif
