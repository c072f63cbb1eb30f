/* diag — diagnostics as values.
 *
 * Loaders and analyses append warnings and errors to an ec_diags list; only
 * the CLI prints them and chooses the exit code. Each diagnostic names the
 * file and, where known, the 1-based line and column. */
#ifndef EC_DIAG_H
#define EC_DIAG_H
#include <stddef.h>

typedef enum { EC_INFO = 0, EC_WARN = 1, EC_ERROR = 2 } ec_severity;

typedef struct ec_diag {
  ec_severity sev;
  char *file; /* owned, may be NULL */
  int line;   /* 0 when unknown */
  int col;    /* 0 when unknown */
  char *msg;  /* owned */
} ec_diag;

typedef struct ec_diags {
  ec_diag *v;
  size_t n, cap;
} ec_diags;

/** Append a diagnostic; file may be NULL; copies everything it is given. */
void ec_diag_add(ec_diags *d, ec_severity sev, const char *file, int line, int col,
                 const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/** "file:line:col: warning: msg" (parts that are unknown are left out); caller frees. */
char *ec_diag_format(const ec_diag *g);
size_t ec_diags_count(const ec_diags *d, ec_severity at_least);
/** Move all of src's entries to the end of dst; src is emptied. */
void ec_diags_move(ec_diags *dst, ec_diags *src);
void ec_diags_free(ec_diags *d);

/** 1-based line and column (in characters) of byte offset off in text. */
void ec_diag_linecol(const char *text, size_t len, size_t off, int *line, int *col);

#endif
