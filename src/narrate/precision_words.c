#include "narrate/precision_words.h"
#include "util/alloc.h"
#include "util/buf.h"
#include "words/words.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *ec_narrate_mix_change(const ec_mix_change *c) {
  if (!c->known || !c->notable) return NULL;
  ec_buf b = {0};
  ec_buf_printf(&b, "%s share " EC_PCT " \xE2\x86\x92 " EC_PCT " of the %s, %s " EC_PCT " \xE2\x86\x92 " EC_PCT, c->from,
                c->from_before, c->from_after, c->by_latency ? "latency" : "layers", c->to, c->to_before, c->to_after);
  double d = c->to_layers_after - c->to_layers_before;
  if (isfinite(d) && d >= 1)
    ec_buf_printf(&b, ": " EC_WHOLE " more layer%s run%s in %s (" EC_WHOLE " \xE2\x86\x92 " EC_WHOLE ")", d,
                  ec_plural((size_t)d, "", "s"),
                  ec_plural((size_t)d, "s", ""), c->to, c->to_layers_before, c->to_layers_after);
  return ec_buf_take(&b);
}

char *ec_narrate_mix_flip(const ec_trend_group *g, const ec_trend_flip *f) {
  char *t = ec_narrate_mix_change(&f->change);
  char *out = ec_asprintf("night %s (against night %s): %s", g->nights[f->night].name, g->nights[f->before].name,
                          t ? t : "");
  free(t);
  return out;
}
