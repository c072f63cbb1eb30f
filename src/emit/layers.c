/* layers — the rows of `enginecard layers`: one per layer with every
 * derived column, as CSV (the header names S_cols) or JSON lines. */
#include "emit/layers.h"
#include "words/words.h"
#include "facts/layer_kind.h"
#include "emit/jsonout.h"
#include "emit/kernels.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* how a peak was chosen is said when there is one, or when the GPU has the
 * math at an unpublished rate (facts/device_peak.h EC_PEAK_UNPUBLISHED) */
static int S_choice_known(const ec_peak_choice *p) { return isfinite(p->flops) || p->how == EC_PEAK_UNPUBLISHED; }

/* "name:[d0,d1]:format" for each tensor, joined by " | ". */
static void S_tensors_text(ec_buf *b, const ec_tensor *t, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (i) ec_buf_puts(b, " | ");
    ec_buf_put(b, t[i].name, t[i].name_len);
    ec_buf_puts(b, ":[");
    for (int d = 0; d < t[i].ndims; d++) ec_buf_printf(b, "%s%lld", d ? "," : "", (long long)t[i].dims[d]);
    ec_buf_puts(b, "]:");
    ec_buf_puts(b, t[i].format_short ? t[i].format_short : "");
  }
}

/* const_in: per tensor 1 when it is a constant input (NULL for outputs). */
static json_t *S_tensors_json(const ec_tensor *t, size_t n, const unsigned char *const_in) {
  json_t *a = json_array();
  for (size_t i = 0; i < n; i++) {
    json_t *o = json_object();
    json_object_set_new(o, "name", ec_jstrn(t[i].name, t[i].name_len));
    json_t *d = json_array();
    for (int k = 0; k < t[i].ndims; k++) json_array_append_new(d, json_integer(t[i].dims[k]));
    json_object_set_new(o, "dims", d);
    json_object_set_new(o, "format", ec_jstr(t[i].format));
    json_object_set_new(o, "format_short", ec_jstr(t[i].format_short));
    json_object_set_new(o, "precision", ec_jstr(t[i].precision));
    json_object_set_new(o, "bytes", t[i].volume >= 0 && t[i].elem_bytes > 0 ? ec_jcount((double)t[i].volume * t[i].elem_bytes) : json_null());
    if (const_in) json_object_set_new(o, "constant", json_boolean(const_in[i] == 1));
    if (const_in && const_in[i] == 2) json_object_set_new(o, "internal_buffer", json_true());
    json_array_append_new(a, o);
  }
  return a;
}

static const char *S_cols[] = {"index", "name", "type", "layer_type", "precision", "output_precision",
                               "latency_avg_ms", "latency_median_ms", "latency_pct", "profiled", "tactic",
                               "origin", "inputs", "outputs", "weights_bytes", "weights_bytes_trex",
                               "io_bytes", "macs", "flops", "tflops", "gbps", "flop_per_byte", "kernel_math",
                               "peak_kind", "peak_tflops", "peak_choice", "pct_of_peak", "metadata",
                               "type_inferred", "type_from_names"};

/* The efficiency numbers of a layer (facts/layer_numbers.h), unknown as NAN. */
static void S_eff(const ec_layer_nums *x, double v[6]) {
  v[0] = x->flops, v[1] = x->tflops, v[2] = x->gbps, v[3] = x->intensity, v[4] = x->peak.flops / 1e12, v[5] = x->pct_of_peak;
}

static void S_csv_row(ec_buf *b, const ec_summary *s, const ec_layer *l) {
  ec_buf_printf(b, "%zu,", l->index);
  ec_buf_csv(b, l->name, l->name_len);
  ec_buf_putc(b, ',');
  ec_buf_csv(b, l->type, strlen(l->type));
  ec_buf_putc(b, ',');
  ec_buf_csv(b, l->layer_type, strlen(l->layer_type));
  ec_buf_printf(b, ",%s,%s,", l->precision, l->out_precision);
  if (l->has_profile) {
    ec_buf_printf(b, "%" EC_DATA_G ",", l->avg_ms);
    if (l->has_median) ec_buf_printf(b, "%" EC_DATA_G, l->median_ms);
    double sh = ec_layer_share_pct(s, l);
    ec_buf_putc(b, ',');
    if (isfinite(sh)) ec_buf_printf(b, "%" EC_DATA_G, sh);
    ec_buf_puts(b, ",1,");
  } else {
    ec_buf_puts(b, ",,,0,");
  }
  ec_buf_csv(b, l->tactic, strlen(l->tactic));
  ec_buf_putc(b, ',');
  if (l->origin) ec_buf_csv(b, l->origin, strlen(l->origin));
  ec_buf_putc(b, ',');
  ec_buf t = {0};
  S_tensors_text(&t, l->in, l->n_in);
  ec_buf_csv(b, t.data ? t.data : "", t.len);
  ec_buf_putc(b, ',');
  t.len = 0;
  S_tensors_text(&t, l->out, l->n_out);
  ec_buf_csv(b, t.data ? t.data : "", t.len);
  ec_buf_free(&t);
  const ec_layer_nums *x = &s->nums.v[l - s->engine->layers]; /* the numbers of this layer */
  double cols[4] = {x->weights_bytes, x->weights_bytes_trex, x->io_bytes, x->macs};
  for (int k = 0; k < 4; k++) {
    ec_buf_putc(b, ',');
    if (isfinite(cols[k])) ec_buf_printf(b, EC_WHOLE, cols[k]);
  }
  double ef[6];
  S_eff(x, ef);
  int known = isfinite(x->flops);
  for (int k = 0; k < 4; k++) {
    ec_buf_putc(b, ',');
    if (isfinite(ef[k])) ec_buf_printf(b, "%" EC_DATA_G, ef[k]);
  }
  ec_buf_printf(b, ",%s,%s,", known ? ec_math_id(x->math.math) : "", known && x->peak.math ? ec_math_id(x->peak.math) : "");
  if (isfinite(ef[4])) ec_buf_printf(b, "%" EC_DATA_G, ef[4]);
  ec_buf_printf(b, ",%s,", known && S_choice_known(&x->peak) ? ec_peak_how_name(x->peak.how) : "");
  if (isfinite(ef[5])) ec_buf_printf(b, "%" EC_DATA_G, ef[5]);
  ec_buf_putc(b, ',');
  ec_buf m = {0};
  for (size_t i = 0; i < l->n_metadata; i++) {
    if (i) ec_buf_puts(&m, " + ");
    ec_buf_puts(&m, l->metadata[i]);
  }
  ec_buf_csv(b, m.data ? m.data : "", m.len);
  ec_buf_free(&m);
  ec_buf_putc(b, ',');
  const char *inf = ec_layer_type_inferred(l); /* display only: "type" stays TREx's */
  if (inf) ec_buf_csv(b, inf, strlen(inf));
  ec_buf_putc(b, ',');
  const char *fn = ec_layer_type_from_names(l); /* read from names, outside every TREx number */
  if (fn) ec_buf_csv(b, fn, strlen(fn));
  ec_buf_putc(b, '\n');
}

static json_t *S_json_row(const ec_summary *s, const ec_layer *l) {
  json_t *o = json_object();
  json_object_set_new(o, "index", json_integer((json_int_t)l->index));
  json_object_set_new(o, "name", ec_jstrn(l->name, l->name_len));
  json_object_set_new(o, "type", ec_jstr(l->type));
  json_object_set_new(o, "layer_type", ec_jstr(l->layer_type));
  const char *inf = ec_layer_type_inferred(l); /* from the name when the type is Unknown; "type" stays TREx's */
  if (inf) json_object_set_new(o, "type_inferred", ec_jstr(inf));
  /* a Myelin type as the report shows it, its family first ("Convolution (Myelin correlation)") */
  const char *shown = ec_layer_shown_type(l);
  if (!inf && l->type && strcmp(shown, l->type)) json_object_set_new(o, "type_shown", ec_jstr(shown));
  /* the type read from names (a names-only family, a kgen kernel's decoded ops): marked as such */
  const char *fn = ec_layer_type_from_names(l);
  if (fn) json_object_set_new(o, "type_from_names", ec_jstr(fn));
  json_object_set_new(o, "precision", ec_jstr(l->precision));
  json_object_set_new(o, "output_precision", ec_jstr(l->out_precision));
  json_object_set_new(o, "latency_avg_ms", l->has_profile ? ec_jnum(l->avg_ms) : json_null());
  json_object_set_new(o, "latency_median_ms", l->has_profile && l->has_median ? ec_jnum(l->median_ms) : json_null());
  json_object_set_new(o, "latency_pct", ec_jnum(ec_layer_share_pct(s, l)));
  json_object_set_new(o, "tactic", ec_jstr(l->tactic));
  json_object_set_new(o, "origin", ec_jstr(l->origin));
  const ec_layer_nums *x = &s->nums.v[l - s->engine->layers]; /* the numbers of this layer */
  int tensors = !(l->unknown & EC_UNKNOWN_TENSORS); /* names only: not described, not empty */
  json_object_set_new(o, "inputs", tensors ? S_tensors_json(l->in, l->n_in, x->in_const) : json_null());
  json_object_set_new(o, "outputs", tensors ? S_tensors_json(l->out, l->n_out, NULL) : json_null());
  if (l->lists_consts) /* TensorRT 11: the layer's weights, listed apart */
    json_object_set_new(o, "constants", S_tensors_json(l->consts, l->n_consts, NULL));
  json_object_set_new(o, "weights_bytes", ec_jcount(x->weights_bytes));
  json_object_set_new(o, "weights_bytes_trex", ec_jcount(x->weights_bytes_trex));
  json_object_set_new(o, "io_bytes", ec_jcount(x->io_bytes));
  json_object_set_new(o, "macs", ec_jcount(x->macs));
  double ef[6];
  S_eff(x, ef);
  int known = isfinite(x->flops);
  json_object_set_new(o, "flops", ec_jcount(ef[0]));
  json_object_set_new(o, "tflops", ec_jnum(ef[1]));
  json_object_set_new(o, "gbps", ec_jnum(ef[2]));
  json_object_set_new(o, "flop_per_byte", ec_jnum(ef[3]));
  json_object_set_new(o, "kernel_math", known ? json_string(ec_math_id(x->math.math)) : json_null());
  json_object_set_new(o, "kernel_math_basis", known && x->math.basis ? json_string(x->math.basis) : json_null());
  json_object_set_new(o, "peak_kind", known && x->peak.math ? json_string(ec_math_id(x->peak.math)) : json_null());
  json_object_set_new(o, "peak_tflops", ec_jnum(ef[4]));
  json_object_set_new(o, "peak_choice", known && S_choice_known(&x->peak) ? json_string(ec_peak_how_name(x->peak.how)) : json_null());
  json_object_set_new(o, "pct_of_peak", ec_jnum(ef[5]));
  json_t *md = json_array();
  for (size_t i = 0; i < l->n_metadata; i++) json_array_append_new(md, ec_jstr(l->metadata[i]));
  json_object_set_new(o, "metadata", md);
  json_t *at = json_object();
  size_t off = 0;
  const char *k, *v;
  while (ec_attrs_next(&l->attrs, &off, &k, &v)) json_object_set_new(at, k, ec_jstr(v));
  json_object_set_new(o, "attributes", at);
  return o;
}

void ec_layers_csv_header(ec_buf *b) {
  for (size_t i = 0; i < sizeof S_cols / sizeof S_cols[0]; i++) ec_buf_printf(b, "%s%s", i ? "," : "", S_cols[i]);
  ec_buf_putc(b, '\n');
}

void ec_layers_csv_row(ec_buf *b, const ec_summary *s, const ec_layer *l) { S_csv_row(b, s, l); }

void ec_layers_json_row(ec_buf *b, const ec_summary *s, const ec_layer *l, const ec_kernel_recon *r) {
  json_t *j = S_json_row(s, l);
  ec_kernels_layer_json(j, s->engine, l, r);
  char *t = ec_jdump(j, 0);
  ec_buf_puts(b, t);
  free(t);
  json_decref(j);
}
