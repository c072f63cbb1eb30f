/* file — reading whole input files with a size limit. */
#ifndef EC_FILE_H
#define EC_FILE_H
#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>
#include "util/budget.h" /* EC_MAX_FILE_BYTES: the largest input file read (checked before allocating) */
#include "util/diag.h"

/** Open path for reading when it is a regular file (checked once open,
 *  without waiting: a FIFO never blocks). Returns the stream with *st
 *  filled, or NULL with an error diagnostic ("cannot open: REASON", "not a
 *  regular file"). */
FILE *ec_open_regular(const char *path, struct stat *st, ec_diags *d);
/** Read a whole regular file. Returns malloc'd bytes (NUL-terminated; *len
 *  excludes the NUL) or NULL with an error diagnostic naming path. */
char *ec_read_file(const char *path, size_t *len, ec_diags *d);

#endif
