/* OpenSSL 3 marks the SHA256_* context functions deprecated in favour of EVP;
   they are still built and use the CPU's SHA instructions, and their context
   is a plain struct (a Swift value, copied with the hasher), so the warnings
   are turned off for them. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>
