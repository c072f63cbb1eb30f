/* kernels — the kernel level (Nsight Systems) in `layers` and `lint`: each
 * layer's "kernels" list and "kernel_time" in layers --json, one row per
 * kernel (layers --kernels: CSV with a header line, or JSON lines; the
 * layers' kernels in layer order, then the kernels of no layer, most time
 * first), and the reconciliation (facts/kernels.h) as text lines and as
 * a JSON object. Columns: docs/formats.md. */
#ifndef EC_EMIT_KERNELS_H
#define EC_EMIT_KERNELS_H
#include "facts/kernels.h"
#include "util/buf.h"
#include <jansson.h>

/** When e has kernel data: l's "kernels" list and its "kernel_time" (its
 *  row of r; null without kernels) set on o. Nothing otherwise. */
void ec_kernels_layer_json(json_t *o, const ec_engine *e, const ec_layer *l, const ec_kernel_recon *r);
/** The CSV header line of layers --kernels into b. */
void ec_kernels_csv_header(ec_buf *b);
/** Called after each row (e.g. to write b out when it grew). */
typedef void (*ec_kernels_flush)(ec_buf *b, void *ctx);
/** Every kernel of e as a CSV row or a JSON line into b (nothing without
 *  kernel data); flush (may be NULL) after each. */
void ec_kernels_rows(ec_buf *b, const ec_engine *e, int json, ec_kernels_flush flush, void *ctx);
/** The reconciliation lines of r into b (nothing for NULL). */
void ec_kernels_recon_text(ec_buf *b, const ec_kernel_recon *r);
/** The reconciliation as a JSON object (null for NULL). */
json_t *ec_kernels_recon_json(const ec_kernel_recon *r);

#endif
