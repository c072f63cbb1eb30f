/* jsonout — small helpers for building deterministic JSON with jansson. */
#ifndef EC_JSONOUT_H
#define EC_JSONOUT_H
#include <jansson.h>
#include <stddef.h>

/** A real, or null when x is not finite (JSON has no NaN). */
json_t *ec_jnum(double x);
/** An integer when x is integral and exact in a double, else a real; null if not finite. */
json_t *ec_jcount(double x);
/** A string of n bytes (may hold NULs; invalid UTF-8 is replaced); null for NULL s. */
json_t *ec_jstrn(const char *s, size_t n);
json_t *ec_jstr(const char *s);
/** Serialise with sorted keys, 2-space indent and 12 significant digits,
 *  newline-terminated; caller frees. */
char *ec_jdump(const json_t *v, int pretty);

#endif
