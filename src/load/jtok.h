/* jtok — a fast reader for JSON that enginecard wrote itself (stored
 * `summary --json` files): one pass over the text builds a flat array of
 * tokens, with no allocation per value, and a value is decoded only when it
 * is read. A folder of 10,000 nightly summaries is read in a fraction of
 * the time a jansson tree of each would take (most of their numbers, the
 * distribution sketches, are read for a few nights only).
 *
 * Strict RFC 8259: one value (whitespace around it), strings of valid UTF-8
 * (\u0000 allowed), nesting up to EC_JT_MAX_DEPTH. Anything else is an
 * error at a byte offset: the caller then goes through load/json.h
 * (jansson, with trtexec's repairs and file:line:col messages). */
#ifndef EC_JTOK_H
#define EC_JTOK_H
#include <stddef.h>

#define EC_JT_MAX_DEPTH 2048
#define EC_JT_MISSING ((size_t)-1) /* "no such value" from the accessors */

typedef enum {
  EC_JT_NONE = 0,
  EC_JT_OBJECT,
  EC_JT_ARRAY,
  EC_JT_STRING,
  EC_JT_NUMBER,
  EC_JT_TRUE,
  EC_JT_FALSE,
  EC_JT_NULL
} ec_jt_kind;

typedef struct ec_jt {
  ec_jt_kind kind;
  int escaped;       /* a string holding backslash escapes */
  int real;          /* a number with a fraction or exponent */
  size_t start, end; /* text span: a string's bytes between its quotes; other values whole */
  size_t next;       /* index of the token after this value and everything inside it */
} ec_jt;

/* An object's tokens are its keys (strings), each followed by its value. */
typedef struct ec_jtoks {
  const char *text;  /* borrowed */
  size_t len;
  ec_jt *t;
  size_t n, cap;
  size_t max;        /* tokens the text's budget allows (util/budget.h: its parse tree) */
} ec_jtoks;

/** Tokenize text[0..len) (borrowed; keep it while reading d). Returns 0,
 *  -1 with *err_off at the first byte that breaks the rules, or -2 with
 *  *err_off at the value whose token would pass the budget of a JSON
 *  file's parse tree (EC_JSON_TREE_FACTOR times len plus
 *  EC_JSON_TREE_SLACK; a token is 40 bytes: "1," costs 20 times its text).
 *  Free with ec_jtok_free either way. */
int ec_jtok_parse(const char *text, size_t len, ec_jtoks *d, size_t *err_off);
void ec_jtok_free(ec_jtoks *d);

/** The kind of token i (EC_JT_NONE for EC_JT_MISSING). */
ec_jt_kind ec_jt_kind_of(const ec_jtoks *d, size_t i);
/** The value of member key in object obj, or EC_JT_MISSING. */
size_t ec_jt_get(const ec_jtoks *d, size_t obj, const char *key);
/** The first element of array a (or first key of object a), and the next
 *  after element i of container c; EC_JT_MISSING past the end. */
size_t ec_jt_first(const ec_jtoks *d, size_t a);
size_t ec_jt_next(const ec_jtoks *d, size_t c, size_t i);
/** Elements of an array (members of an object); 0 for other values. */
size_t ec_jt_size(const ec_jtoks *d, size_t a);
/** A number (or a string that starts with one, as ec_json_num reads
 *  it); NAN otherwise. */
double ec_jt_num(const ec_jtoks *d, size_t i);
/** A string's bytes, unescaped (may hold NULs; *len gets the length);
 *  caller frees. NULL when i is not a string. */
char *ec_jt_str(const ec_jtoks *d, size_t i, size_t *len);
/** 1 when string token i is exactly s. */
int ec_jt_streq(const ec_jtoks *d, size_t i, const char *s);
/** A value as ec_json_text gives it: a string unescaped, anything else as
 *  compact JSON (reals with 10 significant digits). Caller frees. */
char *ec_jt_text(const ec_jtoks *d, size_t i);

#endif
