#include "analyze/findings_top.h"

size_t ec_findings_top(const ec_findings *f, size_t k, size_t *idx) {
  size_t n = 0;
  for (size_t i = 0; i < f->n && n < k; i++)
    if (f->v[i].severity >= EC_LINT_WARNING) idx[n++] = i;
  return n;
}
