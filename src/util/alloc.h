/* alloc — allocation wrappers that abort on out-of-memory.
 *
 * Every allocation in enginecard goes through these, so no caller checks for
 * NULL. On failure they print one line to stderr and abort(). */
#ifndef EC_ALLOC_H
#define EC_ALLOC_H
#include <stddef.h>

/** malloc that never returns NULL. Caller frees with free(). */
void *ec_malloc(size_t n);
/** calloc that never returns NULL and checks nmemb*size for overflow. */
void *ec_calloc(size_t nmemb, size_t size);
/** realloc that never returns NULL and checks nmemb*size for overflow. */
void *ec_reallocarray(void *p, size_t nmemb, size_t size);
/** strdup; caller frees. */
char *ec_strdup(const char *s);
/** Copy of n bytes of s plus a terminating NUL (s may hold NULs); caller frees. */
char *ec_strndup(const char *s, size_t n);
/** printf into a new string; caller frees. */
char *ec_asprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/** Grow *arr (element size elt) so that it holds at least need elements;
 *  *cap is updated. Growth is geometric. */
void ec_grow(void **arr, size_t *cap, size_t need, size_t elt);
#define EC_PUSH(arr, n, cap) \
  (ec_grow((void **)&(arr), &(cap), (n) + 1, sizeof(*(arr))), &(arr)[(n)++])

#endif
