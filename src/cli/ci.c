/* ci — what the commands share for CI services: whether GitHub Actions
 * output is wanted (--github, --no-github, or the runner's environment),
 * appending to its step summary and step outputs (never blocking on a
 * FIFO), and the "verdict=error" a gate writes before it prints anything
 * an input could have written. See cli.h. */
#include "cli/cli.h"
#include "cli/options.h"
#include "emit/github.h"
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int ec_cli_github_wanted(int flag) {
  if (flag) return flag > 0;
  const char *a = getenv("GITHUB_ACTIONS"), *s = getenv("GITHUB_STEP_SUMMARY");
  return a && strcmp(a, "true") == 0 && s && *s;
}

size_t ec_cli_step_summary_room(void) {
  const char *p = getenv("GITHUB_STEP_SUMMARY");
  if (!p || !*p) return 0;
  struct stat st;
  if (stat(p, &st) != 0) return EC_GH_STEP_SUMMARY_MAX;
  return (size_t)st.st_size >= EC_GH_STEP_SUMMARY_MAX ? 0 : EC_GH_STEP_SUMMARY_MAX - (size_t)st.st_size;
}

/* Append text to the file GitHub names in variable var (what: what it
 * holds, for messages). Opened without blocking: a FIFO with no reader (or
 * a full one) is an error said at once, never a hang; a FIFO with a reader
 * and a device are written into. Returns 0, or -1 after printing. */
static int S_append(const char *cmd, const char *var, const char *p, const char *what, const char *text) {
  size_t n = strlen(text);
  int fd = open(p, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0666);
  int err = fd < 0 ? errno : 0;
  if (fd < 0 && err == ENXIO) {
    fprintf(stderr, "enginecard %s: %s (%s) is a FIFO with no reader; %s not written\n", cmd, var, p, what);
    return -1;
  }
  struct stat st;
  if (!err && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) err = EISDIR;
  if (!err) {
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0) fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    for (size_t done = 0; !err && done < n;) {
      ssize_t w = write(fd, text + done, n - done);
      if (w > 0) done += (size_t)w;
      else if (w < 0 && errno == EINTR) continue;
      else err = w < 0 ? errno : EIO;
    }
  }
  if (fd >= 0 && close(fd) != 0 && !err) err = errno;
  if (err) {
    fprintf(stderr, "enginecard %s: %s: cannot append the %s: %s\n", cmd, p, what, strerror(err));
    return -1;
  }
  return 0;
}

int ec_cli_step_summary_append(const char *cmd, const char *md) {
  const char *p = getenv("GITHUB_STEP_SUMMARY");
  if (!p || !*p) {
    fprintf(stderr, "enginecard %s: warning: --github: GITHUB_STEP_SUMMARY is not set, no step summary written\n", cmd);
    return 0;
  }
  if (!md) {
    fprintf(stderr, "enginecard %s: warning: the step summary (%s) is full (GitHub's limit is 1 MiB per step); "
                    "nothing appended\n", cmd, p);
    return 0;
  }
  return S_append(cmd, "GITHUB_STEP_SUMMARY", p, "step summary", md);
}

int ec_cli_github_output_append(const char *cmd, const char *lines) {
  const char *p = getenv("GITHUB_OUTPUT");
  if (!p || !*p) return 0;
  return S_append(cmd, "GITHUB_OUTPUT", p, "step outputs", lines);
}

int ec_cli_github_begin(const char *cmd, int argc, char **argv) {
  /* the rows that set github (--github, --no-github), found as the parser finds them */
  const ec_command *cd = ec_command_find(cmd);
  int flag = 0;
  for (int i = 2; cd && i < argc && strcmp(argv[i], "--") != 0; i++) {
    const ec_option *o = ec_cli_option_find(argv[i], cd->bit);
    if (o && o->bind == EC_BIND_FLAG && o->field == offsetof(ec_common, github)) flag = o->set;
  }
  if (!ec_cli_github_wanted(flag)) return 0;
  return ec_cli_github_output_append(cmd, "verdict=error\nchange-pct=\n");
}
