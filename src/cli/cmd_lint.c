/* enginecard lint ENGINE [--json] [--fail-on warning|error] [--expect-precision SPEC] — hazards of an
 * engine's layers with their mitigations, and checks of the input files.
 *
 * Text (default): emit/lint_text.h.
 * --json: enginecard.lint/1 (tests/schema/lint.schema.json).
 * --codequality F: GitLab Code Quality JSON. --github (or on a GitHub
 * runner, unless --json): warnings and errors as ::warning/::error lines on
 * stdout (on stderr with --json, which keeps stdout for the document).
 * Exit: 1 when a finding at or above --fail-on exists (the output is still
 * written); otherwise the loader's code (cli.h). */
#include "rules/lint.h"
#include "cli/cli.h"
#include "emit/lint_text.h"
#include "emit/kernels.h"
#include "emit/term.h"
#include "emit/codequality.h"
#include "emit/github.h"
#include "emit/jsonout.h"
#include "util/alloc.h"
#include "emit/lint_json.h"
#include <stdlib.h>
#include <string.h>

int ec_cmd_lint(int argc, char **argv) {
  ec_common c = {0};
  int rc;
  ec_engine *e0 = ec_cli_one_engine(argc, argv, "lint", &c, &rc);
  if (!e0) return rc;
  /* --fail-on's choices are warning, error */
  int fail_on = c.fail_on < 0 ? -1 : EC_LINT_WARNING + c.fail_on;
  if (rc != EC_EXIT_USAGE && ec_engine_usable(e0)) {
    ec_summary *s = ec_summarize(e0);
    ec_findings f = {0};
    ec_lint_opts lo = ec_lint_opts_default();
    lo.expect = c.expect;
    lo.n_expect = c.n_expect;
    ec_lint(e0, s, &lo, &f);
    ec_kernel_recon *kr = ec_kernel_recon_of(e0); /* with kernel data: where the kernel time went */
    if (c.json) {
      json_t *j = ec_jsonout_lint(s, &f, fail_on);
      if (kr) json_object_set_new(j, "kernels", ec_kernels_recon_json(kr));
      char *txt = ec_jdump(j, 1);
      fputs(txt, stdout);
      free(txt);
      json_decref(j);
    } else {
      ec_print_lint(s, &f, c.verbosity > 0, stdout);
      if (kr) {
        ec_buf kb = {0};
        ec_kernels_recon_text(&kb, kr);
        fputc('\n', stdout);
        for (char *line = kb.data, *nl; line && *line; line = nl + 1) {
          nl = strchr(line, '\n');
          *nl = '\0';
          ec_term_put_safe(stdout, line);
        }
        ec_buf_free(&kb);
      }
    }
    ec_kernel_recon_free(kr);
    /* with --json, stdout is data: annotations only when asked, on stderr */
    int gh = c.json ? c.github > 0 : ec_cli_github_wanted(c.github);
    if (c.codequality || gh) {
      size_t *lines = ec_calloc(e0->n_layers ? e0->n_layers : 1, sizeof *lines);
      const char *path = ec_load_layer_lines(e0, lines);
      if (c.codequality) {
        json_t *j = ec_codequality_lint(s, &f, path, lines);
        char *txt = ec_jdump(j, 1);
        if (ec_cli_write_file(c.codequality, txt, strlen(txt), &(ec_cli_out){.engines = &e0, .n_engines = 1}) != 0) rc = EC_EXIT_USAGE;
        free(txt);
        json_decref(j);
      }
      if (gh) {
        char *a = ec_github_lint(s, &f, path ? path : e0->n_files ? e0->files[0].path : NULL, lines);
        fputs(a, c.json ? stderr : stdout);
        free(a);
      }
      free(lines);
    }
    if (rc != EC_EXIT_USAGE && fail_on >= 0 && ec_findings_max_sev(&f) >= fail_on) rc = EC_EXIT_GATE;
    ec_findings_free(&f);
    ec_summary_free(s);
  }
  ec_engine_free(e0);
  ec_common_free(&c);
  return rc;
}
