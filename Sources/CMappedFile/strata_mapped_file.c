#include "strata_mapped_file.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { SLOTS = 64 };
/// Each slot's start and end address; 0 in `starts` is a free slot. Atomic, so that the handler, on any thread,
/// reads whole values without a lock.
static _Atomic uintptr_t starts[SLOTS];
static _Atomic uintptr_t ends[SLOTS];
static _Atomic int cut_short[SLOTS];
static struct sigaction previous;
static uintptr_t page_size = 4096;
static pthread_once_t installed = PTHREAD_ONCE_INIT;

static void handle_sigbus(int signal_number, siginfo_t *info, void *context) {
    (void)context;
    uintptr_t address = (uintptr_t)info->si_addr;
    for (int i = 0; i < SLOTS; i++) {
        uintptr_t start = atomic_load(&starts[i]);
        uintptr_t end = atomic_load(&ends[i]);
        if (start == 0 || address < start || address >= end) continue;
        uintptr_t page = address & ~(page_size - 1);
        if (page < start) page = start;
        // The file's tail is gone: zero pages in its place, so that the read completes. mmap is a plain system
        // call on Linux and macOS, safe here as in any runtime that maps pages from a fault handler.
        void *zeros = mmap((void *)page, end - page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
        if (zeros != MAP_FAILED) {
            atomic_store(&cut_short[i], 1);
            return;
        }
        break;
    }
    // Not a guarded mapping's fault: the handler before this one takes it when the access repeats.
    sigaction(signal_number, &previous, 0);
}

static void install(void) {
    long size = sysconf(_SC_PAGESIZE);
    if (size > 0) page_size = (uintptr_t)size;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = handle_sigbus;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, &previous);
}

int strata_mapping_guard(const void *start, size_t length) {
    if (start == 0 || length == 0) return -1;
    pthread_once(&installed, install);
    for (int i = 0; i < SLOTS; i++) {
        uintptr_t free_slot = 0;
        if (atomic_compare_exchange_strong(&starts[i], &free_slot, UINTPTR_MAX)) {
            // Claimed with an empty range first, so that the handler never sees a start without its end.
            atomic_store(&cut_short[i], 0);
            atomic_store(&ends[i], (uintptr_t)start + length);
            atomic_store(&starts[i], (uintptr_t)start);
            return i;
        }
    }
    return -1;
}

int strata_mapping_cut_short(int slot) {
    if (slot < 0 || slot >= SLOTS) return 0;
    return atomic_load(&cut_short[slot]);
}

void strata_mapping_unguard(int slot) {
    if (slot < 0 || slot >= SLOTS) return;
    atomic_store(&ends[slot], 0);
    atomic_store(&starts[slot], 0);
}
