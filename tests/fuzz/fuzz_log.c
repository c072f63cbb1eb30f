/* fuzz_log — the trtexec console-log reader: ec_log_sniff, ec_load_log_text
 * (twice into one engine, as a build log and a profile log), ec_load_finish,
 * the summary and its JSON. */
#include "fuzz.h"
#include "facts/summary.h"
#include "load/load.h"
#include "emit/summary_json.h"
#include <jansson.h>

int ec_fuzz_log(const uint8_t *data, size_t size) {
  char *t = ec_fuzz_text(data, size);
  (void)ec_log_sniff(t, size);
  ec_load_opts o;
  memset(&o, 0, sizeof o);
  ec_engine *e = ec_engine_new("fuzz");
  ec_load_log_text(e, "f.build.log", t, size, &o);
  ec_load_log_text(e, "f.profile.log", t, size, &o);
  ec_load_finish(e, &o);
  ec_summary *s = ec_summarize(e);
  json_t *j = ec_jsonout_summary(s);
  char *txt = json_dumps(j, JSON_SORT_KEYS | JSON_COMPACT);
  EC_FUZZ_CHECK(txt != NULL);
  free(txt);
  json_decref(j);
  ec_summary_free(s);
  ec_engine_free(e);

  /* --run 2 picks another benchmark run when the log has several */
  o.run = 2;
  e = ec_engine_new("fuzz2");
  ec_load_log_text(e, "f.log", t, size, &o);
  ec_load_finish(e, &o);
  ec_engine_free(e);
  free(t);
  return 0;
}

EC_FUZZ_MAIN(ec_fuzz_log)
