/* short_name — a fused layer's name in its shortest distinguishing form, for
 * the places where a row or a label has one line (the report's slowest-layers
 * table and charts, the PDF graph's boxes, compare's layer cells).
 *
 * A Myelin or fused name lists its parts: "myl3: /model/layers.3/self_attn/
 * q_proj/MatMul + ... + /model/layers.3/self_attn/value_proj/MatMul_myl3_19"
 * (twelve parts: 14 lines of a table row), "{ForeignNode[/a/b/MatMul.../a/c/
 * Add]}". ec_short_fold splits it on TensorRT's separators ('+' between
 * parts, ", " and "..." inside a ForeignNode's brackets), folds the path
 * prefix every part shares, drops Myelin's "_myl<N>_<k>" suffix, and groups
 * parts by their last two path components: one op of twelve blocks is
 * "12 × {layers.0…11}/self_attn/value_proj/MatMul" (what tells the
 * first and the last apart, around the path they share), or,
 * when the groups end in one op, "{q_proj, k_proj, 2 × value_proj, …}/
 * MatMul". A name of one part is returned as it is. ec_short_name then cuts
 * the result to a width in the middle (its start and its end tell layers
 * apart). The whole name stays where the reader asks for it (a title, the
 * details, the data tables): every caller shows it there. Pure but for the
 * text measurement of ec_short_name (draw/text). */
#ifndef EC_SHORT_NAME_H
#define EC_SHORT_NAME_H
#include <stddef.h>

/** The folded form of name[0..n) (a NUL byte ends it early); a copy of the
 *  name when it has one part. Caller frees. */
char *ec_short_fold(const char *name, size_t n);

/** 1 when a label without a measured width (a chart's bar, a graph box)
 *  should show name[0..n) folded: it lists three parts or more, or is over
 *  120 bytes; a shorter name is shown as it is. */
int ec_short_wanted(const char *name, size_t n);

/** ec_short_fold cut in the middle to max_w points at size points (regular
 *  weight); a name whose whole text fits keep_w (0: none does) is kept
 *  whole, as it wraps to a line or two. *cut (may be NULL) is 1 when the
 *  result differs from the whole name. Caller frees. */
char *ec_short_name(const char *name, size_t n, double size, double max_w, double keep_w, int *cut);

#endif
