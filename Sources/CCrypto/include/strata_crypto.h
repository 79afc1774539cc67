#ifndef STRATA_CRYPTO_H
#define STRATA_CRYPTO_H

#include <stddef.h>

/// OpenSSL's libcrypto, loaded the first time a key is used rather than at every start: linking it cost each run of
/// strata 0.6 ms before main (its relocations and initializers), for files that are almost never encrypted. Only
/// PageCrypto calls these; on macOS CommonCrypto serves instead and this target is empty.
///
/// Each function returns 1 on success and 0 on failure; after a failure strata_crypto_error() says why in one line
/// (libcrypto not found, or the operation failed).

/// AES-256 in CBC mode without padding: `length` bytes (a multiple of 16) of `input` into `output`.
int strata_crypto_aes256_cbc(int encrypt, const unsigned char *key, const unsigned char *iv,
                             const unsigned char *input, size_t length, unsigned char *output);
/// HMAC-SHA224 of `length` bytes of `data` under a key of `key_length` bytes, into 28 bytes of `mac`.
int strata_crypto_hmac_sha224(const void *key, size_t key_length, const unsigned char *data, size_t length,
                              unsigned char *mac);
/// Why the last call on this thread failed; a static string.
const char *strata_crypto_error(void);

#endif
