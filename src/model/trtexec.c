/* trtexec — the flag and option table of trtexec.h. */
#include "model/trtexec.h"
#include <string.h>

int ec_trt_major(const char *v) {
  if (!v || !(*v >= '0' && *v <= '9')) return -1;
  int m = 0;
  for (; *v >= '0' && *v <= '9' && m < 10000; v++) m = m * 10 + (*v - '0');
  return m;
}

/* The flag's name: up to '=' or a blank. */
static size_t S_name_len(const char *f, size_t n) {
  size_t k = 0;
  while (k < n && f[k] != '=' && f[k] != ' ' && f[k] != '\t') k++;
  return k;
}

static int S_is(const char *f, size_t n, const char *name) {
  size_t k = S_name_len(f, n);
  return k == strlen(name) && memcmp(f, name, k) == 0;
}

static const char *const S_removed[] = {
    "--fp16",           "--bf16",           "--fp8",           "--int4",           "--best",
    "--calib",          "--calibProfile",   "--minShapesCalib", "--optShapesCalib", "--maxShapesCalib",
    "--layerPrecisions", "--layerOutputTypes", "--precisionConstraints", "--restricted", "--weightless",
    /* not in NVIDIA's list, but trtexec 11.0 answers "Unknown option: --int8":
     * INT8 comes from Q/DQ nodes in the model */
    "--int8"};

int ec_trtexec_removed_in_11(const char *f, size_t n) {
  for (size_t i = 0; i < sizeof S_removed / sizeof S_removed[0]; i++)
    if (S_is(f, n, S_removed[i])) return 1;
  return 0;
}

static const struct {
  const char *flag, *meaning;
} S_deprecated[] = {
    {"--noDataTransfers", "a no-op on TensorRT 11: data transfers are left out by default; --includeDataTransfers "
                          "times them"},
    {"--useSpinWait", "a no-op on TensorRT 11: spin-wait is the default; --noSpinWait turns it off"},
    {"--useCudaGraph", "a no-op on TensorRT 11: CUDA graphs are the default; --noCudaGraph turns them off"},
    {"--separateProfileRun", "a no-op on TensorRT 11: profiling always runs separately from the timed run"},
    {"--stronglyTyped", "a no-op on TensorRT 11: every network is strongly typed"},
    {"--directIO", "a no-op on TensorRT 11: direct I/O is the default"},
};

const char *ec_trtexec_deprecated_in_11(const char *f, size_t n) {
  for (size_t i = 0; i < sizeof S_deprecated / sizeof S_deprecated[0]; i++)
    if (S_is(f, n, S_deprecated[i].flag)) return S_deprecated[i].meaning;
  return NULL;
}

/* Inference options whose default TensorRT 11 flipped: {key, before 11, 11 on}. */
static const char *const S_defaults[][3] = {
    {"CUDA Graph", "Disabled", "Enabled"},
    {"Spin-wait", "Disabled", "Enabled"},
    {"Data transfers", "Enabled", "Disabled"},
    {"Separate profiling", "Disabled", "Enabled"}, /* 11.x: not printed, always separate */
};

const char *ec_trtexec_option_default(const char *key, int major) {
  if (!key || major < 1) return NULL;
  for (size_t i = 0; i < sizeof S_defaults / sizeof S_defaults[0]; i++)
    if (!strcmp(key, S_defaults[i][0])) return S_defaults[i][major >= 11 ? 2 : 1];
  return NULL;
}

const char *ec_trtexec_option_implied(const char *key, int major) {
  if (key && major >= 11 && !strcmp(key, "Separate profiling")) return "Enabled";
  /* green contexts came with trtexec 11.4: an older engine ran on the whole GPU */
  if (key && major >= 1 && major < 11 && !strcmp(key, "Green Context")) return "Disabled";
  return NULL;
}

int ec_trtexec_option_in_build(const char *key) {
  if (!key) return 0;
  if (!strcmp(key, "Green Context")) return 1;
  /* "Optimization Profile N Green Context": a --greenContext after --profile=N */
  static const char pre[] = "Optimization Profile ", post[] = " Green Context";
  size_t n = strlen(key), lp = sizeof pre - 1, ls = sizeof post - 1;
  return n > lp + ls && !strncmp(key, pre, lp) && !strcmp(key + n - ls, post);
}

const char *ec_trtexec_option_alias(const char *key) {
  return key && !strcmp(key, "Inference Streams") ? "Streams" : NULL;
}
