#include "util/file.h"
#include "util/alloc.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

FILE *ec_open_regular(const char *path, struct stat *st, ec_diags *d) {
  /* O_NONBLOCK: opening a FIFO for reading would wait for a writer forever;
   * its kind is known only once it is open */
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    ec_diag_add(d, EC_ERROR, path, 0, 0, "cannot open: %s", strerror(errno));
    return NULL;
  }
  if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode)) {
    ec_diag_add(d, EC_ERROR, path, 0, 0, "not a regular file%s",
                S_ISFIFO(st->st_mode) ? " (a FIFO)" : S_ISDIR(st->st_mode) ? " (a directory)" : "");
    close(fd);
    return NULL;
  }
  int fl = fcntl(fd, F_GETFL);
  if (fl >= 0) fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
  FILE *f = fdopen(fd, "rb");
  if (!f) {
    ec_diag_add(d, EC_ERROR, path, 0, 0, "cannot open: %s", strerror(errno));
    close(fd);
  }
  return f;
}

char *ec_read_file(const char *path, size_t *len, ec_diags *d) {
  struct stat st;
  FILE *f = ec_open_regular(path, &st, d);
  if (!f) return NULL;
  if ((unsigned long long)st.st_size > EC_MAX_FILE_BYTES) {
    ec_diag_add(d, EC_ERROR, path, 0, 0, "file is %lld bytes, over the limit of %zu bytes",
                (long long)st.st_size, (size_t)EC_MAX_FILE_BYTES);
    fclose(f);
    return NULL;
  }
  size_t cap = (size_t)st.st_size + 1, n = 0;
  char *buf = ec_malloc(cap);
  for (;;) {
    if (n + 1 >= cap) {
      if (cap > EC_MAX_FILE_BYTES) {
        ec_diag_add(d, EC_ERROR, path, 0, 0, "file grew over the limit of %zu bytes", (size_t)EC_MAX_FILE_BYTES);
        free(buf);
        fclose(f);
        return NULL;
      }
      cap *= 2;
      buf = ec_reallocarray(buf, cap, 1);
    }
    size_t r = fread(buf + n, 1, cap - n - 1, f);
    n += r;
    if (r == 0) break;
  }
  if (ferror(f)) {
    ec_diag_add(d, EC_ERROR, path, 0, 0, "read error: %s", strerror(errno));
    free(buf);
    fclose(f);
    return NULL;
  }
  fclose(f);
  buf[n] = '\0';
  *len = n;
  return buf;
}

