/* map — an open-addressing hash map from byte strings to size_t.
 * Keys are borrowed: they must outlive the map. */
#ifndef EC_MAP_H
#define EC_MAP_H
#include <stddef.h>
#include <stdint.h>

typedef struct ec_map_slot {
  const char *key;
  size_t len;
  size_t val;
  uint64_t hash; /* of the key: probes and rehashing compare it, not the bytes */
  int used;
} ec_map_slot;

typedef struct ec_map {
  ec_map_slot *slots;
  size_t n, cap; /* cap is a power of two */
} ec_map;

/** Insert or replace; returns 1 when the key was new. */
int ec_map_put(ec_map *m, const char *key, size_t len, size_t val);
/** 1 and *val when found, else 0. */
int ec_map_get(const ec_map *m, const char *key, size_t len, size_t *val);
void ec_map_free(ec_map *m);

#endif
