/* findings_top — which lint findings a reader sees first (the report's first
 * screen and page 1 of the PDF). One function, so the ranking can change in
 * one place: today it is lint's own order (latency share, then severity;
 * analyze/lint.h), keeping warnings and errors; issue 18 will rank by the
 * time a fix could save (gain_ms_max) here. Pure. */
#ifndef EC_FINDINGS_TOP_H
#define EC_FINDINGS_TOP_H
#include <stddef.h>
#include "analyze/lint.h"

/** Up to k findings of f worth a reader's first look, best first, as
 *  indices into f->v written to idx (room for k). Info findings are left
 *  out. Returns how many were written. */
size_t ec_findings_top(const ec_findings *f, size_t k, size_t *idx);

#endif
