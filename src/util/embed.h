/* embed — templates/ and assets/ compiled into the binary (tests/gen/embed.sh
 * generates the table at build time), so an installed enginecard needs no
 * data directory. */
#ifndef EC_EMBED_H
#define EC_EMBED_H
#include <stddef.h>

typedef struct ec_embedded_file {
  const char *name; /* path relative to the source tree: "templates/report.md" */
  const unsigned char *data;
  size_t len;
} ec_embedded_file;

/** The embedded file called name, or NULL. The data is static: never free it. */
const ec_embedded_file *ec_embedded_find(const char *name);

#endif
