/* fuzz — shared glue of the libFuzzer targets in tests/fuzz/.
 *
 * Each target file defines one entry function, ec_fuzz_<target>(data, size),
 * which runs the code under test on the bytes and aborts (through EC_FUZZ_CHECK)
 * when an output is malformed. Built with -fsanitize=fuzzer the file also
 * defines LLVMFuzzerTestOneInput; tests/unit/test_fuzz_regress.c includes the
 * same files with EC_FUZZ_REPLAY defined and replays every kept reproducer
 * (tests/fuzz/regress/<target>/) through the same entry functions. */
#ifndef EC_FUZZ_H
#define EC_FUZZ_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EC_FUZZ_CHECK(cond)                                                      \
  do {                                                                           \
    if (!(cond)) {                                                               \
      fprintf(stderr, "%s:%d: fuzz check failed: %s\n", __FILE__, __LINE__, #cond); \
      abort();                                                                   \
    }                                                                            \
  } while (0)

/* A NUL-terminated copy of the input, as ec_read_file hands text to the
 * loaders (exactly size + 1 bytes, so ASan sees any read past the end). */
static inline char *ec_fuzz_text(const uint8_t *data, size_t size) {
  char *t = malloc(size + 1);
  if (!t) abort();
  if (size) memcpy(t, data, size);
  t[size] = '\0';
  return t;
}

int ec_fuzz_json(const uint8_t *data, size_t size);
int ec_fuzz_log(const uint8_t *data, size_t size);
int ec_fuzz_template(const uint8_t *data, size_t size);
int ec_fuzz_escape(const uint8_t *data, size_t size);

/* Under ASan: fontconfig, pango and glib keep process-lifetime caches that
 * LeakSanitizer reports at exit; only those libraries are suppressed. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void) {
  return "leak:libfontconfig.so\nleak:libpango-1.0.so\nleak:libpangoft2-1.0.so\n"
         "leak:libglib-2.0.so\nleak:libgobject-2.0.so\nleak:libharfbuzz.so\n";
}

#ifdef EC_FUZZ_REPLAY
#define EC_FUZZ_MAIN(fn)
#else
#define EC_FUZZ_MAIN(fn)                                                 \
  int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);          \
  int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fn(data, size); }
#endif

#endif
