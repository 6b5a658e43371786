// The parts of libcrypto (OpenSSL 3) that SpecsmithCrypto calls. Nothing here implements a primitive.
#ifndef SPECSMITH_COPENSSL_SHIM_H
#define SPECSMITH_COPENSSL_SHIM_H

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

/// EVP_PKEY_PUBLIC_KEY is a macro expression, which Swift cannot import.
static const int specsmith_evp_pkey_public_key = EVP_PKEY_PUBLIC_KEY;

#endif
