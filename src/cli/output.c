/* output — standard output with its write errors kept: every byte a command
 * prints goes through one stream whose writer remembers the first failure
 * (errno), so the end of main can say what went wrong and exit 2 instead of
 * leaving a truncated file behind with exit 0. */
#define _GNU_SOURCE /* fopencookie */
#include "cli/cli.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* process-wide: stdout is one per process; only the main thread prints
 * (loading threads keep their diagnostics in their engine). */
static int S_err;      /* errno of the first failed write to fd 1, 0 if none */
static FILE *S_stream; /* the cookie stream installed as stdout */
static FILE *S_orig;

static ssize_t S_write(void *cookie, const char *buf, size_t n) {
  (void)cookie;
  size_t done = 0;
  while (done < n) {
    ssize_t w = write(STDOUT_FILENO, buf + done, n - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      if (!S_err) S_err = w < 0 ? errno : EIO;
      /* fewer bytes than asked: stdio marks the stream in error (S_err
       * says why). Never -1: fopencookie(3) forbids a negative count, and
       * glibc's stdio takes it as a huge count and reads past its buffer. */
      return (ssize_t)done;
    }
    done += (size_t)w;
  }
  return (ssize_t)n;
}

void ec_cli_stdout_begin(void) {
  cookie_io_functions_t io = {.write = S_write};
  FILE *f = fopencookie(NULL, "w", io);
  if (!f) return; /* stays the plain stdout; its flush is still checked */
  /* a terminal sees lines as they come, anything else a block at a time */
  setvbuf(f, NULL, isatty(STDOUT_FILENO) ? _IOLBF : _IOFBF, isatty(STDOUT_FILENO) ? 0 : 1 << 16);
  S_orig = stdout;
  S_stream = f;
  stdout = f;
}

int ec_cli_stdout_end(int rc) {
  int err = 0;
  if (fflush(stdout) != 0 && !S_err) S_err = errno ? errno : EIO;
  if (ferror(stdout) && !S_err) S_err = EIO;
  if (S_stream) {
    stdout = S_orig;
    if (fclose(S_stream) != 0 && !S_err) S_err = errno ? errno : EIO;
    S_stream = NULL;
  }
  if (fflush(stdout) != 0 && !S_err) S_err = errno ? errno : EIO;
  err = S_err;
  if (!err) return rc;
  /* a reader that went away (head, a closed pipe with SIGPIPE ignored) is
   * not worth a message, but the output is incomplete: never exit 0 */
  if (err != EPIPE) fprintf(stderr, "enginecard: error writing stdout: %s\n", strerror(err));
  return EC_EXIT_USAGE;
}
