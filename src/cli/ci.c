/* ci — what the commands share for CI services: whether GitHub Actions
 * output is wanted (--github, --no-github, or the runner's environment)
 * and appending to its step summary. See cli.h. */
#include "cli/cli.h"
#include "emit/github.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
  FILE *f = fopen(p, "ab");
  size_t n = strlen(md);
  int ok = f && fwrite(md, 1, n, f) == n;
  if (f) ok = (fclose(f) == 0) && ok;
  if (!ok) {
    fprintf(stderr, "enginecard %s: %s: cannot append the step summary: %s\n", cmd, p, strerror(errno));
    return -1;
  }
  return 0;
}

int ec_cli_github_output_append(const char *cmd, const char *lines) {
  const char *p = getenv("GITHUB_OUTPUT");
  if (!p || !*p) return 0;
  FILE *f = fopen(p, "ab");
  size_t n = strlen(lines);
  int ok = f && fwrite(lines, 1, n, f) == n;
  if (f) ok = (fclose(f) == 0) && ok;
  if (!ok) {
    fprintf(stderr, "enginecard %s: %s: cannot append the step outputs: %s\n", cmd, p, strerror(errno));
    return -1;
  }
  return 0;
}
