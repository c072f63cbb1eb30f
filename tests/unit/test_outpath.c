/* ec_cli_out_target (src/cli/outpath.c): an output path walked as the
 * kernel walks it. The protected_symlinks rule itself needs a second user:
 * tests/e2e/symlinks.sh checks it as root and as nobody. */
#include "testutil.h"
#include "cli/cli.h"
#include <errno.h>
#include <unistd.h>

static char S_dir[] = "/tmp/ec-outpath-XXXXXX";

static char *S_at(const char *rel) { return ec_asprintf("%s/%s", S_dir, rel); }

/* A symlink REL (in the test's directory) whose text is target. */
static void S_link(const char *target, const char *rel) {
  char *p = S_at(rel);
  assert_int_equal(symlink(target, p), 0);
  free(p);
}

/* The target of p relative to the test's directory, as a new string. */
static char *S_target(const char *rel) {
  char why[512] = "";
  char *p = S_at(rel);
  char *t = ec_cli_out_target(p, why, sizeof why);
  free(p);
  return t;
}

static void S_expect(const char *rel, const char *want_rel) {
  char *t = S_target(rel), *want = S_at(want_rel);
  assert_non_null(t);
  assert_string_equal(t, want);
  free(t);
  free(want);
}

static void test_walk(void **st) {
  (void)st;
  assert_non_null(mkdtemp(S_dir));
  char *d = S_at("d"), *f = S_at("d/f.html");
  assert_int_equal(mkdir(d, 0755), 0);
  FILE *fp = fopen(f, "w");
  assert_non_null(fp);
  fclose(fp);
  /* plain paths, "." and ".." */
  S_expect("d/f.html", "d/f.html");
  S_expect("d/./f.html", "d/f.html");
  S_expect("d/../d/f.html", "d/f.html");
  S_expect("d/new.html", "d/new.html");
  /* a link to the file, relative and absolute, and a chain */
  S_link("d/f.html", "rel.html");
  S_link(f, "abs.html");
  S_link("rel.html", "chain.html");
  S_expect("rel.html", "d/f.html");
  S_expect("abs.html", "d/f.html");
  S_expect("chain.html", "d/f.html");
  /* a dangling link names the file it would create */
  S_link("d/later.html", "dangling.html");
  S_expect("dangling.html", "d/later.html");
  /* a link to a directory on the path, then ".." past it: the kernel's
   * ".." is the parent of the link's target */
  S_link("d", "dl");
  S_expect("dl/f.html", "d/f.html");
  S_expect("dl/../d/f.html", "d/f.html");
  /* a loop: the kernel's error */
  S_link("loop2", "loop1");
  S_link("loop1", "loop2");
  char why[512] = "";
  char *p = S_at("loop1");
  assert_null(ec_cli_out_target(p, why, sizeof why));
  assert_string_equal(why, strerror(ELOOP));
  free(p);
  /* a missing directory: the path as it stands (the write says ENOENT) */
  S_expect("nodir/x.html", "nodir/x.html");
  /* a relative path stays relative */
  char *cwd = getcwd(NULL, 0);
  assert_int_equal(chdir(S_dir), 0);
  char *t = ec_cli_out_target("rel.html", why, sizeof why);
  assert_string_equal(t, "d/f.html");
  free(t);
  t = ec_cli_out_target("out.html", why, sizeof why);
  assert_string_equal(t, "out.html");
  free(t);
  assert_int_equal(chdir(cwd), 0);
  free(cwd);
  free(d);
  free(f);
  char *rm = ec_asprintf("rm -rf '%s'", S_dir);
  assert_int_equal(system(rm), 0);
  free(rm);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_walk)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
