/* srcdate — SOURCE_DATE_EPOCH (reproducible builds), the one reader: every
 * date an output carries (PDF creation and modification dates, the JUnit
 * timestamp) comes from here. */
#ifndef EC_SRCDATE_H
#define EC_SRCDATE_H
#include <stddef.h>

/** SOURCE_DATE_EPOCH as "YYYY-MM-DDThh:mm:ssZ" (UTC) into buf (at least 24
 *  bytes): 1 when it is set to whole seconds since 1970 (decimal digits
 *  only); 0 when unset or empty; -1 when set to anything else (buf empty),
 *  which ec_srcdate_warning describes. */
int ec_srcdate(char *buf, size_t cap);
/** A warning about SOURCE_DATE_EPOCH's value when ec_srcdate refuses it
 *  (caller frees), else NULL. */
char *ec_srcdate_warning(void);

#endif
