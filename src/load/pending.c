/* Weak fallbacks for readers under construction in this change; the real
 * definitions (log.c, summary_in.c) override them at link time.
 * TODO(remove): this file goes away when both have landed. */
#include "load/load.h"

__attribute__((weak)) int ec_log_sniff(const char *text, size_t len) {
  (void)text;
  (void)len;
  return 0;
}

__attribute__((weak)) int ec_load_log_text(ec_engine *e, const char *path, const char *text, size_t len,
                                           const ec_load_opts *o) {
  (void)text; (void)len; (void)o;
  ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "trtexec logs are not read by this build");
  return -1;
}

__attribute__((weak)) int ec_load_summary_text(ec_engine *e, const char *path, const char *text, size_t len,
                                               const ec_load_opts *o) {
  (void)text; (void)len; (void)o;
  ec_diag_add(&e->diags, EC_WARN, path, 0, 0, "stored summaries are not read by this build");
  return -1;
}
