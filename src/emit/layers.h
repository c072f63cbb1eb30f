/* layers — the rows of `enginecard layers` (columns: docs/formats.md):
 * CSV with a header line, or JSON lines, one object per layer. */
#ifndef EC_EMIT_LAYERS_H
#define EC_EMIT_LAYERS_H
#include "facts/summary.h"
#include "util/buf.h"

/** The CSV header line (the column names and a newline) into b. */
void ec_layers_csv_header(ec_buf *b);
/** Layer l of s's engine as one CSV row, newline included, into b. */
void ec_layers_csv_row(ec_buf *b, const ec_summary *s, const ec_layer *l);
struct ec_kernel_recon; /* facts/kernels.h */
/** Layer l of s's engine as one line of JSON, newline included, into b;
 *  with kernel data (r, facts/kernels.h; NULL without), its kernels too
 *  (emit/kernels.h). */
void ec_layers_json_row(ec_buf *b, const ec_summary *s, const ec_layer *l, const struct ec_kernel_recon *r);

#endif
