#ifndef STRATA_MAPPED_FILE_H
#define STRATA_MAPPED_FILE_H

#include <stddef.h>

/// A read-only file mapping that survives the file being truncated under it by another process.
///
/// Touching a mapped page past a file's end raises SIGBUS. For a guarded mapping the handler replaces the mapping
/// from the faulting page to its end with zero pages (one mmap over it, nothing else) and records that the file was
/// cut short; the read then sees zeros, which the reader, checking every byte, takes as damage, and the caller asks
/// strata_mapping_cut_short before trusting what it read. A SIGBUS anywhere else goes to the handler that was there
/// before (the Swift runtime's backtracer, or the default: the process ends), as if this one did not exist. No
/// longjmp: the reader's Swift frames are never jumped over.

/// Guards the mapping of `length` bytes at `start`; a slot to pass to the two functions below, or -1 when all 64
/// places are taken (the caller then reads the file instead of mapping it).
int strata_mapping_guard(const void *start, size_t length);
/// 1 when a page of the mapping in `slot` was found cut short since it was guarded, else 0.
int strata_mapping_cut_short(int slot);
/// Forgets the mapping in `slot` (before it is unmapped).
void strata_mapping_unguard(int slot);

#endif
