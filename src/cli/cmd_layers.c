/* enginecard layers ENGINE [--csv|--json] [--kernels] — one row per layer
 * with every derived column, for users who script against the data. --json
 * prints JSON lines (one object per layer); CSV is the default. --kernels:
 * one row per kernel instead (kernel data from Nsight Systems). The rows are
 * written by emit/layers.c and emit/kernels.c. */
#include "facts/kernels.h"
#include "facts/summary.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "emit/kernels.h"
#include "emit/layers.h"
#include "util/buf.h"
#include <stddef.h>
#include <stdio.h>
#include <string.h>

static void S_flush(ec_buf *b, void *ctx) {
  (void)ctx;
  if (b->len > (1 << 20)) {
    fwrite(b->data, 1, b->len, stdout);
    b->len = 0;
  }
}

int ec_cmd_layers(int argc, char **argv) {
  ec_common c = {0};
  int rc;
  ec_engine *e0 = ec_cli_one_engine(argc, argv, "layers", &c, &rc);
  if (!e0) return rc;
  const ec_engine *e = e0;
  if (c.kernels && !e->kernels) {
    fprintf(stderr, "enginecard layers: %s needs kernel data: give an Nsight Systems export with %s "
                    "(or an X.nsys.sqlite beside the engine's files)\n", EC_OPT_NAME(EC_CMD_LAYERS, kernels),
            EC_OPT_NAME(EC_CMD_LAYERS, nsys));
    ec_engine_free(e0);
    ec_common_free(&c);
    return rc ? rc : EC_EXIT_NODATA;
  }
  ec_buf b = {0};
  if (c.kernels) {
    if (!c.json) ec_kernels_csv_header(&b);
    ec_kernels_rows(&b, e, c.json, S_flush, NULL);
  } else {
    ec_summary *s = ec_summarize(e);
    ec_kernel_recon *r = ec_kernel_recon_of(e);
    if (!c.json) ec_layers_csv_header(&b);
    for (size_t i = 0; i < e->n_layers; i++) {
      if (c.json) ec_layers_json_row(&b, s, &e->layers[i], r);
      else ec_layers_csv_row(&b, s, &e->layers[i]);
      S_flush(&b, NULL);
    }
    ec_kernel_recon_free(r);
    ec_summary_free(s);
  }
  if (b.len) fwrite(b.data, 1, b.len, stdout);
  ec_buf_free(&b);
  ec_engine_free(e0);
  ec_common_free(&c);
  return rc;
}
