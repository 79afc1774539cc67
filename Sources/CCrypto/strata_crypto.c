// libcrypto through dlopen: its declarations come from OpenSSL's own headers (libssl-dev), so that each pointer
// has the type of the function it holds; the library itself is opened on the first call.
#ifdef __linux__

#include "strata_crypto.h"

#include <dlfcn.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <pthread.h>
#include <stdio.h>

static struct {
    __typeof__(&EVP_CIPHER_CTX_new) cipher_new;
    __typeof__(&EVP_CIPHER_CTX_free) cipher_free;
    __typeof__(&EVP_CipherInit_ex) cipher_init;
    __typeof__(&EVP_CIPHER_CTX_set_padding) set_padding;
    __typeof__(&EVP_CipherUpdate) cipher_update;
    __typeof__(&EVP_CipherFinal_ex) cipher_final;
    __typeof__(&EVP_aes_256_cbc) aes_256_cbc;
    __typeof__(&EVP_sha224) sha224;
    __typeof__(&HMAC) hmac;
} crypto;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded;
static char load_error[256];
static __thread const char *last_error;

static void load(void) {
    // The name of OpenSSL 3 (Debian 12 and later), then 1.1's, whose functions used here are the same; the unversioned
    // name last, which only libssl-dev provides.
    static const char *const names[] = {"libcrypto.so.3", "libcrypto.so.1.1", "libcrypto.so"};
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error,
                 "cannot load OpenSSL's libcrypto (%s): install it (Debian: apt-get install libssl3)",
                 why ? why : "libcrypto.so.3 not found");
        return;
    }
#define RESOLVE(field, symbol)                                                                                  \
    if ((*(void **)&crypto.field = dlsym(library, #symbol)) == NULL) {                                          \
        snprintf(load_error, sizeof load_error, "OpenSSL's libcrypto has no %s: it is too old or not OpenSSL", \
                 #symbol);                                                                                      \
        return;                                                                                                 \
    }
    RESOLVE(cipher_new, EVP_CIPHER_CTX_new)
    RESOLVE(cipher_free, EVP_CIPHER_CTX_free)
    RESOLVE(cipher_init, EVP_CipherInit_ex)
    RESOLVE(set_padding, EVP_CIPHER_CTX_set_padding)
    RESOLVE(cipher_update, EVP_CipherUpdate)
    RESOLVE(cipher_final, EVP_CipherFinal_ex)
    RESOLVE(aes_256_cbc, EVP_aes_256_cbc)
    RESOLVE(sha224, EVP_sha224)
    RESOLVE(hmac, HMAC)
#undef RESOLVE
    loaded = 1;
}

/// Whether libcrypto is loaded, loading it on the first call; else last_error says why.
static int ready(void) {
    pthread_once(&load_once, load);
    if (!loaded) last_error = load_error;
    return loaded;
}

static int fail(const char *why) {
    last_error = why;
    return 0;
}

int strata_crypto_aes256_cbc(int encrypt, const unsigned char *key, const unsigned char *iv,
                             const unsigned char *input, size_t length, unsigned char *output) {
    if (!ready()) return 0;
    if (length % 16 != 0 || length > 0x7fffffff) return fail("AES-256-CBC needs whole blocks");
    EVP_CIPHER_CTX *context = crypto.cipher_new();
    if (context == NULL) return fail("AES-256-CBC: no cipher context");
    int written = 0, finished = 0, ok = 0;
    if (crypto.cipher_init(context, crypto.aes_256_cbc(), NULL, key, iv, encrypt ? 1 : 0) != 1) {
        last_error = "AES-256-CBC: the cipher would not start";
    } else {
        crypto.set_padding(context, 0);
        ok = crypto.cipher_update(context, output, &written, input, (int)length) == 1 &&
             crypto.cipher_final(context, output + written, &finished) == 1 &&
             (size_t)written + (size_t)finished == length;
        if (!ok) last_error = "AES-256-CBC failed";
    }
    crypto.cipher_free(context);
    return ok;
}

int strata_crypto_hmac_sha224(const void *key, size_t key_length, const unsigned char *data, size_t length,
                              unsigned char *mac) {
    if (!ready()) return 0;
    if (key_length > 0x7fffffff) return fail("HMAC-SHA224: the key is too long");
    unsigned int written = 28;
    if (crypto.hmac(crypto.sha224(), key, (int)key_length, data, length, mac, &written) == NULL || written != 28) {
        return fail("HMAC-SHA224 failed");
    }
    return 1;
}

const char *strata_crypto_error(void) { return last_error ? last_error : "no error"; }

#endif
