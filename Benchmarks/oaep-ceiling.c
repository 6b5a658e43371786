/* The libcrypto ceiling for RSA-OAEP (SHA-256, 2048-bit key): EVP_PKEY_encrypt and _decrypt in a
 * tight loop with one prepared context each, no language runtime around them. Benchmarks/run-runtime.sh
 * compiles it with `cc -O2 ... -lcrypto` and sets our Swift figures beside it. */
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static EVP_PKEY_CTX *oaep_context(EVP_PKEY *key, int encrypt) {
    EVP_PKEY_CTX *context = EVP_PKEY_CTX_new(key, NULL);
    if (!context || (encrypt ? EVP_PKEY_encrypt_init(context) : EVP_PKEY_decrypt_init(context)) != 1
        || EVP_PKEY_CTX_set_rsa_padding(context, RSA_PKCS1_OAEP_PADDING) <= 0
        || EVP_PKEY_CTX_set_rsa_oaep_md(context, EVP_sha256()) <= 0
        || EVP_PKEY_CTX_set_rsa_mgf1_md(context, EVP_sha256()) <= 0) {
        fprintf(stderr, "cannot set up OAEP\n");
        exit(1);
    }
    return context;
}

int main(int argc, char **argv) {
    double seconds = argc > 1 ? atof(argv[1]) : 2;
    EVP_PKEY_CTX *generator = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
    EVP_PKEY *key = NULL;
    if (!generator || EVP_PKEY_keygen_init(generator) != 1 || EVP_PKEY_CTX_set_rsa_keygen_bits(generator, 2048) <= 0
        || EVP_PKEY_generate(generator, &key) != 1) {
        fprintf(stderr, "cannot generate a key\n");
        return 1;
    }
    EVP_PKEY_CTX *encrypt = oaep_context(key, 1), *decrypt = oaep_context(key, 0);
    unsigned char plaintext[32] = {0}, ciphertext[256], recovered[256];
    size_t length = sizeof ciphertext, recovered_length;
    long count = 0;
    double start = now();
    while (now() - start < seconds) {
        length = sizeof ciphertext;
        EVP_PKEY_encrypt(encrypt, ciphertext, &length, plaintext, sizeof plaintext);
        count++;
    }
    printf("c-oaep-encrypt %.1f\n", count / (now() - start));
    count = 0;
    start = now();
    while (now() - start < seconds) {
        recovered_length = sizeof recovered;
        EVP_PKEY_decrypt(decrypt, recovered, &recovered_length, ciphertext, length);
        count++;
    }
    printf("c-oaep-decrypt %.1f\n", count / (now() - start));
    return 0;
}
