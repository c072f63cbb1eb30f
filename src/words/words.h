/* words — the floor for the words every output prints: numbers, units,
 * plurals and "not available". It sits below analyze (util < words < load,
 * model < analyze < narrate < view ...): any stage may include it, and it
 * includes only the C library. One spelling per unit, one precision rule per
 * quantity, each in one place here:
 *
 *   latency     milliseconds, 4 significant digits: "0.4704 ms", "403.8 ms"
 *               (EC_MS, ec_fmt_ms); a change is signed: "+0.0123 ms"
 *               (EC_MS_DELTA); a per-kernel time in microseconds, 3
 *               significant digits: "6.2 us" (EC_US)
 *   share       percent of a whole (of the latency, of the layers, a noise
 *               or CV), 2 decimals: "17.55%" (EC_PCT), "17.55" in a cell
 *               (ec_fmt_pct)
 *               on a chart's own label, 1 decimal: "17.5%" (EC_PCT_LABEL)
 *   change      a relative change, signed, 1 decimal: "+2.2%" (EC_PCT_DELTA)
 *   ratio       3 significant digits and a times sign: "1.23×" (EC_RATIO)
 *   rates       throughput "1155.2 qps" (EC_QPS, EC_QPS_G), compute
 *               "139.2 TFLOP/s" (EC_TFLOPS, EC_TFLOPS_G)
 *   bytes       binary units, 1 decimal: "3.3 MiB", "512 B" (ec_fmt_bytes)
 *   count       n and its noun, singular at 1 only: "1 layer", "0 layers"
 *               (ec_plural, ec_count_words; ec_fmt_count adds thousands
 *               separators: "12,345 layers")
 *   unknown     "not available" in sentences (EC_NA), "Not available: why"
 *               for a missing part (EC_NA_LEAD), "–" in a table cell
 *               (EC_DASH); a value the inputs do not give is never 0
 *   option      an option's value is echoed as the user gave it (EC_GIVEN,
 *               a bare %g): "the 5% limit", "layers of 0.05 ms or more"
 *   machine     a number written to be read back (CSV, a data attribute):
 *               9 significant digits (EC_DATA_G)
 *
 * A table cell takes its number through draw/table.h's typed setters
 * (ec_table_set_ms, _pct, _change, ...), which use these. No float format is
 * written outside this folder but a commented allow-list (tests/e2e/words.sh).
 *
 * The format macros are string literals, so a sentence keeps its one
 * printf call: ec_asprintf("took " EC_MS " (" EC_PCT ")", ms, pct).
 * All functions write into buf (at most cap bytes) and return it. */
#ifndef EC_WORDS_H
#define EC_WORDS_H
#include <stddef.h>

/** A general number (4 significant digits), as ec_fmt_num writes it: "1155", "0.8622". */
#define EC_NUM_G ".4g"
/** A number written for a machine to read back (CSV, a data attribute, a
 *  value quoted from two inputs that disagree): 9 significant digits. */
#define EC_DATA_G ".9g"

/** The word for a value the inputs do not give. */
#define EC_NA "not available"
/** The lead of a sentence that says why a part is missing: "Not available: no profile". */
#define EC_NA_LEAD "Not available: "
/** A table cell whose value is unknown: an en dash. */
#define EC_DASH "\xE2\x80\x93"

/** The one precision of a latency in milliseconds (4 significant digits). */
#define EC_MS_G ".4g"
/** A latency in a sentence: "0.4704 ms". */
#define EC_MS "%" EC_MS_G " ms"
/** A change of latency, signed: "+0.0123 ms", "-1.017 ms". */
#define EC_MS_DELTA "%+" EC_MS_G " ms"
/** A short time in microseconds (3 significant digits): "6.2 us". */
#define EC_US "%.3g us"

/** The one precision of a share in percent (2 decimals). */
#define EC_PCT_G ".2f"
/** A share in a sentence: "17.55%". */
#define EC_PCT "%" EC_PCT_G "%%"
/** A share drawn as a chart's label, where room is short (1 decimal): "17.5%". */
#define EC_PCT_LABEL "%.1f%%"
/** The one precision of a relative change in percent (1 decimal). */
#define EC_CHANGE_G ".1f"
/** A relative change, signed: "+2.2%", "-57.1%". */
#define EC_PCT_DELTA "%+" EC_CHANGE_G "%%"
/** A ratio of two times or rates: "1.23×" (3 significant digits). */
#define EC_RATIO "%.3g\xC3\x97"

/** The one precision of a throughput in queries per second, as trtexec reports it (6 significant digits). */
#define EC_QPS_G ".6g"
/** A throughput in a sentence: "1155.2 qps". */
#define EC_QPS "%" EC_QPS_G " qps"
/** The one precision of a compute rate in TFLOP/s (4 significant digits). */
#define EC_TFLOPS_G ".4g"
/** A compute rate in a sentence: "139.2 TFLOP/s". */
#define EC_TFLOPS "%" EC_TFLOPS_G " TFLOP/s"

/** A number echoed as it was given, not measured here: an option's value
 *  ("the 5% limit", "layers of 0.05 ms or more"), a device's clock or a
 *  constant of the method. */
#define EC_GIVEN "%g"
/** A whole number held in a double (a dimension, a count from JSON), no
 *  separators: "1024". */
#define EC_WHOLE "%.0f"
/** A coefficient without a unit (a correlation), 2 decimals: "0.42". */
#define EC_COEF "%.2f"

/** Milliseconds, 4 significant digits, no unit ("0.4704", "1.017", "403.8"); "–" for NaN. */
char *ec_fmt_ms(char *buf, size_t cap, double ms);
/** An estimate in milliseconds, 2 significant digits (whole from 10 ms up), no unit ("0.065",
 *  "12"); "–" for NaN. An estimate is not measured: four digits would claim a precision it lacks. */
char *ec_fmt_ms_estimate(char *buf, size_t cap, double ms);
/** A saving: "likely ~0.065 ms · up to 0.1597 ms" (the estimate by ec_fmt_ms_estimate, the bound
 *  by ec_fmt_ms), "up to 0.1597 ms" without an estimate, "" without a bound. cell: a no-break
 *  space before each unit (a table cell breaks only at the dot). Returns buf. */
char *ec_fmt_saving(char *buf, size_t cap, double likely, double up_to, int cell);
/** "0.4704 ms", or "latency not available" for NaN: for sentences. */
char *ec_fmt_ms_or(char *buf, size_t cap, double ms);
/** Percent with 2 decimals, no sign ("17.55"); "–" for NaN. */
char *ec_fmt_pct(char *buf, size_t cap, double pct);
/** Bytes in binary units with one decimal ("3.3 MiB", "512 B"); "–" for NaN. */
char *ec_fmt_bytes(char *buf, size_t cap, double bytes);
/** The binary unit ("B", "KiB", "MiB", "GiB", "TiB") that suits a largest
 *  value of max bytes, the one ec_fmt_bytes would choose; *div is its size. */
const char *ec_bytes_unit(double max, double *div);
/** A byte count as trtexec printed it ("4706009088 bytes", "80994 MiB") in
 *  the binary unit that suits it ("4.4 GiB", "79.1 GiB"); any other text is
 *  copied as it is. */
char *ec_fmt_bytes_text(char *buf, size_t cap, const char *printed);
/** The bytes a printed size stands for ("13100672 bytes", "12.5 MiB": a
 *  number, one blank, bytes/B/KiB/MiB/GiB), or NAN when it is not one. */
double ec_bytes_value(const char *printed);
/** A part's share of a whole in percent, 100 * part / total: NAN when either
 *  is unknown (not finite) or the total is not positive. The one share rule:
 *  unknown stays unknown, never 0. */
double ec_share_pct(double part, double total);
/** The noun for n things: one when n is 1, else many (0 layers, 1 layer, 2
 *  layers). The one plural rule; many may carry a verb ("engines are"). */
const char *ec_plural(size_t n, const char *one, const char *many);
/** n and its noun, no separators: "1 layer", "1278 layers". */
char *ec_count_words(char *buf, size_t cap, size_t n, const char *one, const char *many);
/** n with thousands separators and its noun: "1 layer", "12,345 layers". */
char *ec_fmt_count(char *buf, size_t cap, size_t n, const char *one, const char *many);
/** x with dec decimals and its sign, never "-0.0" ("+0.0" instead): "+2.25", "-0.5". */
char *ec_fmt_signed(char *buf, size_t cap, double x, int dec);
/** Integer with thousands separators ("12,345"); "–" for NaN. */
char *ec_fmt_int(char *buf, size_t cap, double v);
/** A general number, 4 significant digits ("1155", "0.8622"); "–" for NaN. */
char *ec_fmt_num(char *buf, size_t cap, double v);

/* Numbers in charts and tiles. */
/** Format v with the decimals that step needs (at most 6) and thousands
 *  separators into buf; returns buf. */
char *ec_fmt_tick(char *buf, size_t cap, double v, double step);
/** Format v with three significant digits ("0.0123", "12.3", "1,234");
 *  whole numbers print without decimals ("12", not "12.0"). */
char *ec_fmt_value(char *buf, size_t cap, double v);
/** Format v with an SI prefix and unit ("1.5 T" + unit). */
char *ec_fmt_si(char *buf, size_t cap, double v, const char *unit);
/** A big count readably: "23.2k", "1.25M", "812.5" (4 significant digits
 *  under 1,000); "–" for NaN. */
char *ec_fmt_big(char *buf, size_t cap, double v);

#endif
