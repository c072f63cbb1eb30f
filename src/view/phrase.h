/* phrase — the report's phrases about an engine's own numbers (shapes, peaks,
 * dropped layers, totals known in part), built on the floor's words
 * (words/words.h: latency, percent, bytes, counts, "not available"), which
 * this header includes. All write into buf and return it. */
#ifndef EC_PHRASE_H
#define EC_PHRASE_H
#include <stddef.h>
#include "facts/device_peak.h"
#include "facts/layer_numbers.h"
#include "facts/summary.h"
#include "model/engine.h"
#include "util/buf.h"
#include "words/words.h"

/** An input's shapes as trtexec writes them, the ones known only:
 *  "min 1x128, opt 4x128, max 8x128; inference 4x128" ("not available" when none). */
char *ec_phrase_input_shape(char *buf, size_t cap, const ec_input_shape *x);

/** A peak as a table shows it: "TF32 Tensor Core 155.9", marked " *" when
 *  raised above the kernel's math, " (fallback)" when the GPU lacks that
 *  math, "above every peak !" when exceeded, "not available" without one. */
char *ec_phrase_peak(char *buf, size_t cap, const ec_peak_choice *p);
/** Append the layers TREx's rules leave out, every class named ("75 NoOp,
 *  42 Constant, 3 shape_call and 2 signal/wait layers"); nothing when none. */
void ec_phrase_dropped(ec_buf *b, const ec_engine *e);
/** Append the engine-internal layers set aside ("2 engine-internal layers
 *  (Myelin's L2-cache policy: no layer of the network), not counted");
 *  nothing when none. */
void ec_phrase_internal(ec_buf *b, const ec_engine *e);
/** Append the engine's weights as every output says them: the layers' sum
 *  when whole, with extra after it ("12.5 MiB (TREx: 0 B)"); a total a build
 *  log states when the layers give theirs in part, saying so and giving the
 *  part ("12.5 MiB (the build log's Total Weights Memory; the layer
 *  information gives 203.5 KiB known for 8 of 9 layers only)"); else "not
 *  available (why)" or the known part (ec_phrase_bytes_total). */
void ec_phrase_weights(ec_buf *b, const ec_summary *s, const char *extra, const char *why);
/** Append the caveat on a sum of per-layer times when the run says layers
 *  ran on auxiliary streams ("Number of aux streams is 2", trtexec's warning
 *  that its "Total" may not be accurate); nothing otherwise. */
void ec_phrase_aux_caveat(ec_buf *b, const ec_engine *e);
/** The DLA facts of e's build as its log prints them, appended to b: "core
 *  0; GPU fallback Enabled; workspace allocation sharedStatic" (trtexec
 *  11.4's DLA Workspace Allocation Strategy); nothing when e runs no layer on
 *  a DLA (facts/layer_kind.h ec_engine_runs_dla). */
void ec_phrase_dla(ec_buf *b, const ec_engine *e);
/** Append the known part of a total over layers that is not whole:
 *  "12 B known for 844 of 1278 layers only". */
void ec_phrase_total_part(ec_buf *b, double v, size_t known, size_t n);
/** Append a total of bytes over layers as every headline shows it
 *  (facts/layer_numbers.h ec_total_is_whole decides): the bytes and then
 *  extra (may be NULL) when it stands for the whole engine; "not available
 *  (12 B known for 844 of 1278 layers only; gap)" when it is only known in
 *  part (gap may be NULL); "not available (why)" when nothing is known. */
void ec_phrase_bytes_total(ec_buf *b, double v, const char *extra, size_t known, size_t n, const char *why,
                        const char *gap);
/** Why the weights of some layers are unknown when Myelin folded GEMM
 *  weights away ("the weights of 434 Myelin GEMMs are not in the layer
 *  information"), in buf; NULL when that is not the case. */
const char *ec_phrase_weights_gap(char *buf, size_t cap, const ec_numbers *n);
/** Append how partial the layers' weights and I/O are, in one or two
 *  sentences ("Weights are known for 12 of 269 layers: ... I/O for 1 of
 *  269 layers: ..."); nothing when both are known for every layer. */
void ec_phrase_known(ec_buf *b, const ec_numbers *n);

#endif
