#include "util/embed.h"
#include <string.h>

extern const ec_embedded_file ec_embedded_files[];

const ec_embedded_file *ec_embedded_find(const char *name) {
  for (const ec_embedded_file *f = ec_embedded_files; f->name; f++)
    if (strcmp(f->name, name) == 0) return f;
  return NULL;
}
