/* compare_fused — see compare_fused.h. */
#include "emit/compare_fused.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "judge/kernel_diff.h"
#include "judge/regions.h"
#include "emit/jsonout.h"
#include "emit/term.h"
#include "view/fused_compare.h"
#include "words/words.h"

/* Lines of regions and of fused pairs shown in the text (JSON has them all). */
#define S_TEXT_ROWS 5

void ec_print_compare_fused(const ec_comparison *c, size_t i, FILE *f) {
  const ec_engine *a = c->engines[c->baseline], *b = c->engines[i];
  ec_regions *r = ec_regions_of_compare(c, i);
  char *s = ec_fv_regions_sentence(r, a, b);
  if (s) {
    fputs("  regions: ", f);
    ec_term_put_safe(f, s);
    free(s);
    for (size_t k = 0; k < r->n && k < S_TEXT_ROWS; k++) {
      const ec_region *g = &r->v[k];
      if (isfinite(g->delta_ms)) fprintf(f, "    %+10" EC_MS_G " ms  ", g->delta_ms);
      else fprintf(f, "    %13s  ", EC_NA);
      char *na = ec_fv_region_names(a, g->a, g->na, 3), *nb = ec_fv_region_names(b, g->b, g->nb, 3);
      ec_term_put_text(f, na, strlen(na), 0, 160);
      fputs("  ->  ", f);
      ec_term_put_text(f, nb, strlen(nb), 0, 160);
      fputc('\n', f);
      free(na);
      free(nb);
    }
    if (r->n > S_TEXT_ROWS) fprintf(f, "    ... %zu more %s (compare --json)\n", r->n - S_TEXT_ROWS,
        ec_plural(r->n - S_TEXT_ROWS, "region", "regions"));
  }
  ec_regions_free(r);
  ec_kdiff *d = ec_kdiff_of_compare(c, i);
  if (d && d->n) {
    fputs("  kernels inside fused layers (Nsight Systems):\n", f);
    for (size_t k = 0; k < d->n && k < S_TEXT_ROWS; k++) {
      const ec_kdiff_pair *p = &d->v[k];
      char *line = ec_fv_pair_kernels_line(p, a);
      fputs("    ", f);
      ec_term_put_text(f, line, strlen(line), 0, 400);
      fputc('\n', f);
      free(line);
      for (size_t j = 0; j < p->n && j < S_TEXT_ROWS; j++) {
        const ec_kdiff_kernel *x = &p->v[j];
        if (!(fabs(x->delta_ms) > 0)) continue;
        if (!isfinite(x->base_ms)) fprintf(f, "      %+10" EC_MS_G " ms  new   ", x->delta_ms);
        else if (!isfinite(x->ms)) fprintf(f, "      %+10" EC_MS_G " ms  gone  ", x->delta_ms);
        else fprintf(f, "      %+10" EC_MS_G " ms        ", x->delta_ms);
        fprintf(f, "%-10.10s ", x->group);
        ec_term_put_text(f, x->name ? x->name : EC_NA, x->name ? strlen(x->name) : strlen(EC_NA), 0, 120);
        fputc('\n', f);
      }
    }
    if (d->n > S_TEXT_ROWS) fprintf(f, "    ... %zu more fused %s (compare --json)\n", d->n - S_TEXT_ROWS,
        ec_plural(d->n - S_TEXT_ROWS, "layer", "layers"));
  }
  ec_kdiff_free(d);
}

static json_t *S_names(const ec_engine *e, const size_t *ix, size_t n) {
  json_t *v = json_array();
  for (size_t k = 0; k < n; k++) {
    json_t *o = json_object();
    json_object_set_new(o, "index", json_integer((json_int_t)ix[k]));
    json_object_set_new(o, "name", ec_jstrn(e->layers[ix[k]].name, e->layers[ix[k]].name_len));
    json_array_append_new(v, o);
  }
  return v;
}

static json_t *S_regions(const ec_comparison *c, size_t i) {
  ec_regions *r = ec_regions_of_compare(c, i);
  if (!r || !r->n) {
    ec_regions_free(r);
    return NULL;
  }
  const ec_engine *a = c->engines[c->baseline], *b = c->engines[i];
  json_t *o = json_object();
  json_object_set_new(o, "baseline_attributed_pct_before", ec_jnum(r->a_before_pct));
  json_object_set_new(o, "baseline_attributed_pct_after", ec_jnum(r->a_after_pct));
  json_object_set_new(o, "engine_attributed_pct_before", ec_jnum(r->b_before_pct));
  json_object_set_new(o, "engine_attributed_pct_after", ec_jnum(r->b_after_pct));
  json_object_set_new(o, "baseline_only_before", json_integer((json_int_t)r->only_a));
  json_object_set_new(o, "baseline_only_after", json_integer((json_int_t)r->left_a));
  json_object_set_new(o, "engine_only_before", json_integer((json_int_t)r->only_b));
  json_object_set_new(o, "engine_only_after", json_integer((json_int_t)r->left_b));
  json_t *v = json_array();
  for (size_t k = 0; k < r->n; k++) {
    const ec_region *g = &r->v[k];
    json_t *x = json_object();
    json_object_set_new(x, "baseline_layers", S_names(a, g->a, g->na));
    json_object_set_new(x, "engine_layers", S_names(b, g->b, g->nb));
    json_object_set_new(x, "one_sided_layers", json_integer((json_int_t)g->one_sided));
    json_object_set_new(x, "baseline_ms", ec_jnum(g->a_ms));
    json_object_set_new(x, "engine_ms", ec_jnum(g->b_ms));
    json_object_set_new(x, "delta_ms", ec_jnum(g->delta_ms));
    json_object_set_new(x, "baseline_nodes", json_integer((json_int_t)g->nodes_a));
    json_object_set_new(x, "engine_nodes", json_integer((json_int_t)g->nodes_b));
    json_object_set_new(x, "shared_nodes", json_integer((json_int_t)g->nodes_shared));
    json_array_append_new(v, x);
  }
  json_object_set_new(o, "regions", v);
  ec_regions_free(r);
  return o;
}

static json_t *S_kernel_changes(const ec_kdiff *d, const ec_engine *a, const ec_engine *b) {
  json_t *v = json_array();
  for (size_t k = 0; k < d->n; k++) {
    const ec_kdiff_pair *p = &d->v[k];
    json_t *o = json_object();
    json_object_set_new(o, "baseline", json_integer((json_int_t)p->a));
    json_object_set_new(o, "engine", json_integer((json_int_t)p->b));
    json_object_set_new(o, "baseline_name", ec_jstrn(a->layers[p->a].name, a->layers[p->a].name_len));
    json_object_set_new(o, "engine_name", ec_jstrn(b->layers[p->b].name, b->layers[p->b].name_len));
    json_object_set_new(o, "baseline_ms", ec_jnum(p->base_ms));
    json_object_set_new(o, "engine_ms", ec_jnum(p->ms));
    json_object_set_new(o, "delta_ms", ec_jnum(p->delta_ms));
    json_object_set_new(o, "kernels_added", json_integer((json_int_t)p->added));
    json_object_set_new(o, "kernels_removed", json_integer((json_int_t)p->removed));
    json_t *gs = json_array();
    for (size_t j = 0; j < p->ng; j++) {
      json_t *g = json_object();
      json_object_set_new(g, "group", json_string(p->g[j].group));
      json_object_set_new(g, "baseline_ms", ec_jnum(p->g[j].base_ms));
      json_object_set_new(g, "engine_ms", ec_jnum(p->g[j].ms));
      json_object_set_new(g, "delta_ms", ec_jnum(p->g[j].delta_ms));
      json_array_append_new(gs, g);
    }
    json_object_set_new(o, "op_groups", gs);
    json_t *ks = json_array();
    for (size_t j = 0; j < p->n; j++) {
      const ec_kdiff_kernel *x = &p->v[j];
      json_t *g = json_object();
      json_object_set_new(g, "name", ec_jstr(x->name));
      json_object_set_new(g, "group", json_string(x->group));
      json_object_set_new(g, "baseline_ms", ec_jnum(x->base_ms));
      json_object_set_new(g, "engine_ms", ec_jnum(x->ms));
      json_object_set_new(g, "delta_ms", ec_jnum(x->delta_ms));
      json_array_append_new(ks, g);
    }
    json_object_set_new(o, "kernels", ks);
    json_array_append_new(v, o);
  }
  return v;
}

void ec_jsonout_compare_fused(json_t *o, const ec_comparison *c, size_t i) {
  json_t *r = S_regions(c, i);
  if (r) json_object_set_new(o, "regions", r);
  ec_kdiff *d = ec_kdiff_of_compare(c, i);
  if (d) json_object_set_new(o, "kernel_changes", S_kernel_changes(d, c->engines[c->baseline], c->engines[i]));
  ec_kdiff_free(d);
}
