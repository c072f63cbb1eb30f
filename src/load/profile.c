/* profile — trtexec --exportProfile JSON.
 *
 * [{"count": N}, {"name", "timeMs", "averageMs", "medianMs"?, "percentage"}...]
 * with or without medianMs (TensorRT 8.2 and 7), " [profile N]" suffixes for
 * optimisation profiles, several arrays back to back for several runs
 * (--batch=1,4,...; --run picks one, default the last). Records are staged;
 * ec_load_finish joins them to layers by name. */
#include "load/internal.h"
#include "words/words.h"
#include "load/json.h"
#include "util/alloc.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

long ec_profile_suffix(const char *s, size_t n, size_t *base_len);

int ec_load_profile_text(ec_engine *e, const char *path, const char *text, size_t len,
                         const ec_load_opts *o) {
  ec_json_doc doc;
  if (ec_json_parse(path, text, len, EC_BUDGET_PROFILE_ROWS, &e->diags, &doc) != 0) return -1;
  size_t run = doc.n - 1;
  if (doc.n > 1) {
    if (o && o->run > 0) {
      if ((size_t)o->run > doc.n) {
        ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "--run %ld asked for, but the profile holds %zu %s; using the last",
                    o->run, doc.n, ec_plural(doc.n, "run", "runs"));
      } else {
        run = (size_t)o->run - 1;
      }
    }
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0,
                "the profile holds %zu %s (one JSON array each, e.g. trtexec --batch=...); using run %zu of %zu (--run selects); runs are never merged",
                doc.n, ec_plural(doc.n, "run", "runs"), run + 1, doc.n);
  }
  const json_t *arr = doc.v[run];
  if (!json_is_array(arr)) {
    ec_diag_add(&e->diags, EC_ERROR, path, 1, 1, "a profile must be a JSON array of records");
    ec_json_doc_free(&doc);
    return -1;
  }
  size_t nrec = json_array_size(arr);
  if (ec_budget_over(EC_BUDGET_PROFILE_ROWS, nrec)) {
    ec_budget_refuse(&e->diags, EC_BUDGET_PROFILE_ROWS, path, 0, 0);
    ec_json_doc_free(&doc);
    return -1;
  }
  ec_load_state *ls = ec_load_state_of(e);
  if (ls->n_prof[0]) {
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "a second profile file for this engine is ignored");
    ec_json_doc_free(&doc);
    return -1;
  }
  ec_engine_add_file(e, path, EC_FILE_PROFILE);
  ls->prof_path[0] = ec_strdup(path);
  int pidx = o ? o->profile_index : 0;
  size_t other_profile = 0, bad = 0, nonfinite = 0;
  int any_median = 0;
  for (size_t i = 0; i < nrec; i++) {
    const json_t *r = json_array_get(arr, i);
    if (!json_is_object(r)) {
      bad++;
      continue;
    }
    const json_t *cnt = json_object_get(r, "count");
    const json_t *nm = json_object_get(r, "name");
    if (cnt && !nm) {
      double c = ec_json_num(cnt);
      if (isfinite(c) && c >= 0) ls->prof_count[0] = ec_i64(c, 0);
      continue;
    }
    size_t nl;
    const char *name = ec_json_str(nm, &nl);
    if (!name) {
      bad++;
      continue;
    }
    size_t base;
    long p = ec_profile_suffix(name, nl, &base);
    if (p >= 0) {
      if (p != pidx) {
        other_profile++;
        continue;
      }
      nl = base;
    } else if (pidx != 0) {
      other_profile++;
      continue;
    }
    /* the graph side turns U+001E/U+001F into '+' (TREx's fix_unicode); the
     * profile names the same layers, so do the same before the join */
    char *fixed = NULL;
    if (memchr(name, '\x1e', nl) || memchr(name, '\x1f', nl)) name = fixed = ec_layer_name_fixed(name, nl);
    double t = ec_json_num(json_object_get(r, "timeMs"));
    double a = ec_json_num(json_object_get(r, "averageMs"));
    const json_t *mj = json_object_get(r, "medianMs");
    double m = ec_json_num(mj);
    double pc = ec_json_num(json_object_get(r, "percentage"));
    if (!isfinite(t) || !isfinite(a) || !isfinite(pc) || (mj && !isfinite(m))) nonfinite++;
    if (mj) any_median = 1;
    ec_load_stage_prof(e, 0, name, nl, isfinite(t) ? t : 0, isfinite(a) ? a : 0, m,
                       mj != NULL && isfinite(m), isfinite(pc) ? pc : 0, 0, 0);
    free(fixed);
  }
  e->profile_has_median = any_median;
  if (bad)
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "%zu profile %s without a name were dropped", bad,
                ec_plural(bad, "record", "records"));
  if (nonfinite)
    ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "%zu profile %s missing or non-finite times (counted as 0)", nonfinite,
                ec_plural(nonfinite, "record has", "records have"));
  if (other_profile)
    ec_diag_add(&e->diags, EC_INFO, path, 0, 0, "%zu profile %s belong to other optimisation profiles (--profile-index %d is shown)",
                other_profile, ec_plural(other_profile, "record", "records"), pidx);
  ec_json_doc_free(&doc);
  return 0;
}
