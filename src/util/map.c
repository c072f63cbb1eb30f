#include "util/map.h"
#include "util/alloc.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t S_hash(const char *s, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++) {
    h ^= (unsigned char)s[i];
    h *= 1099511628211ull;
  }
  return h ^ (h >> 29);
}

static void S_rehash(ec_map *m, size_t cap) {
  ec_map_slot *old = m->slots;
  size_t oldcap = m->cap;
  m->slots = ec_calloc(cap, sizeof *m->slots);
  m->cap = cap;
  m->n = 0;
  for (size_t i = 0; i < oldcap; i++)
    if (old[i].used) ec_map_put(m, old[i].key, old[i].len, old[i].val);
  free(old);
}

int ec_map_put(ec_map *m, const char *key, size_t len, size_t val) {
  if ((m->n + 1) * 4 >= m->cap * 3) S_rehash(m, m->cap ? m->cap * 2 : 64);
  size_t i = (size_t)S_hash(key, len) & (m->cap - 1);
  while (m->slots[i].used) {
    if (m->slots[i].len == len && memcmp(m->slots[i].key, key, len) == 0) {
      m->slots[i].val = val;
      return 0;
    }
    i = (i + 1) & (m->cap - 1);
  }
  m->slots[i].used = 1;
  m->slots[i].key = key;
  m->slots[i].len = len;
  m->slots[i].val = val;
  m->n++;
  return 1;
}

int ec_map_get(const ec_map *m, const char *key, size_t len, size_t *val) {
  if (!m->cap) return 0;
  size_t i = (size_t)S_hash(key, len) & (m->cap - 1);
  while (m->slots[i].used) {
    if (m->slots[i].len == len && memcmp(m->slots[i].key, key, len) == 0) {
      if (val) *val = m->slots[i].val;
      return 1;
    }
    i = (i + 1) & (m->cap - 1);
  }
  return 0;
}

void ec_map_free(ec_map *m) {
  free(m->slots);
  memset(m, 0, sizeof *m);
}
