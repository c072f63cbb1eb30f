/* colors — see colors.h. */
#include "view/colors.h"
#include "facts/layer_kind.h"

#include <stdlib.h>
#include <math.h>
#include <string.h>

#define S_GRAY 0x808080

typedef struct S_entry {
  const char *key;
  unsigned hex;
} S_entry;

/* P/trex/colors.py layer_colormap, one colour per type family
 * (facts/layer_kind.h ec_type_family): TREx's colours where TREx has one
 * (its PointWise/ElementWise and Myelin/kgen pairs split, so a family never
 * shares a colour), Normalization (TensorRT 10's LayerNorm; TREx has no
 * colour for it) gold, kgen khaki (Myelin's lighter), and light CSS named
 * colours (black text stays readable on them in the graph) for the families
 * TREx leaves gray: every family >= 20 CIELAB units from every other and >=
 * 25 from the engine colours (DLA, the records of a DLA region: chocolate);
 * test_charts checks both. ConvActPool and NonZero
 * are TREx types outside the families. */
static const S_entry S_layer[] = {
    {"Convolution", 0x4682B4},  {"Deconvolution", 0x7B68EE}, {"ConvActPool", 0x6495ED},
    {"MatrixMultiply", 0x1E90FF}, {"Reformat", 0x00FFFF},      {"Shuffle", 0xBC8F8F},
    {"Slice", 0xFFA500},        {"Scale", 0x8FBC8B},         {"Quantize", 0x6B8E23},
    {"Pooling", 0x3CB371},      {"PluginV2", 0xC71585},      {"PointWise", 0x9ACD32},
    {"ElementWise", 0x00FF00},  {"Reduce", 0x90EE90},        {"SoftMax", 0xDA70D6},
    {"Myelin", 0xB39C4D},       {"kgen", 0xF0E68C},          {"NonZero", 0x98FB98},
    {"TrainStation", 0xFFA07A}, {"Normalization", 0xFFD700}, {"Resize", 0xFF00FF},
    {"TopK", 0xB0E0E6},         {"NMS", 0xFF6347},           {"Scatter", 0x00FF7F},
    {"Gather", 0xDB7093},       {"Concatenation", 0x20B2AA}, {"Activation", 0xDDA0DD},
    {"Cast", 0xADFF2F},         {"Constant", 0x7FFFD4},      {"shape_call", 0xF5DEB3},
    {"signal", 0xD8BFD8},       {"wait", 0xB8860B},          {"DLA", 0xD2691E},
};

/* P/trex/colors.py precision_colormap (red, orange, lightgray, deepskyblue),
 * the INT4/FP4 entries of newer TREx, and enginecard's extra labels. */
static const S_entry S_prec[] = {
    {"INT8", 0x76B900}, {"FP32", 0xFF0000}, {"FP16", 0xFFA500}, {"INT32", 0xD3D3D3},
    {"FP8", 0x00BFFF},  {"INT4", 0xCC66FF}, {"FP4", 0xF4D03F},  {"BF16", 0xFF7F50},
    {"INT64", 0xA9A9A9}, {"Bool", 0xC0C0C0},
};

/* Engines: dark hues away from red-orange and green (the waterfall's
 * slower/faster), each >= 25 CIELAB units from every S_layer and S_prec
 * colour, >= 45 from the waterfall's two and >= 30 from one another (navy,
 * purple, dark gold, blue, violet, cobalt, maroon); test_charts checks it. */
static const unsigned S_engine[] = {0x1d3557, 0x8e298e, 0x715c09, 0x1010c6, 0x200654, 0x2052b6, 0x540620};

static ec_color S_lookup(const S_entry *t, size_t n, const char *k) {
  if (k)
    for (size_t i = 0; i < n; i++)
      if (strcmp(t[i].key, k) == 0) return ec_rgb(t[i].hex);
  return ec_rgb(S_GRAY);
}

ec_color ec_colors_layer_type(const char *type) {
  /* a family's colour, whatever the type says it in ("correlation",
   * "Convolution (from name)", "Convolution (Myelin correlation)") */
  const char *fam = ec_type_family(type);
  return S_lookup(S_layer, sizeof S_layer / sizeof *S_layer, fam ? fam : type);
}

ec_color ec_colors_precision(const char *precision) {
  return S_lookup(S_prec, sizeof S_prec / sizeof *S_prec, precision);
}

const char *ec_precision_label(const char *p) {
  if (!p || !*p || strcmp(p, "None") == 0) return "none";
  return p;
}

ec_color ec_colors_engine(size_t i) { return ec_rgb(S_engine[i % (sizeof S_engine / sizeof *S_engine)]); }

void ec_precision_cell(ec_table *t, size_t row, size_t col, const char *precision) {
  ec_table_set_kind(t, row, col, EC_CELL_PRECISION, precision);
  ec_table_set_chip(t, row, col, ec_colors_precision(precision));
}
