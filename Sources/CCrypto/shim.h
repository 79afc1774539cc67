// OpenSSL's libcrypto (Debian's libssl-dev), for the AES-256-CBC and HMAC-SHA224 of encrypted .realm files. Only
// PageCrypto imports it; on macOS CommonCrypto serves instead.
#include <openssl/evp.h>
#include <openssl/hmac.h>
