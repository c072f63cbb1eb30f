#include "util/map.h"
#include "util/alloc.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Eight bytes per step (a multiply-xorshift over 64-bit words), then a
 * final mix: slots are picked by the low bits. Byte-at-a-time FNV-1a made
 * hashing 10 kB names most of a report's time. Nothing iterates the slots,
 * so the hash never shows in an output. */
static uint64_t S_hash(const char *s, size_t n) {
  const uint64_t k = 0x9E3779B97F4A7C15ull;
  uint64_t h = 1469598103934665603ull ^ (n * k);
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    memcpy(&w, s + i, 8);
    h = (h ^ w) * k;
    h ^= h >> 32;
  }
  uint64_t w = 0;
  if (n > i) memcpy(&w, s + i, n - i);
  h = (h ^ w) * k;
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ull;
  return h ^ (h >> 32);
}

/* Insert a key known to be absent (rehashing: no compare, no re-hash). */
static void S_place(ec_map *m, const ec_map_slot *s) {
  size_t i = (size_t)s->hash & (m->cap - 1);
  while (m->slots[i].used) i = (i + 1) & (m->cap - 1);
  m->slots[i] = *s;
  m->n++;
}

static void S_rehash(ec_map *m, size_t cap) {
  ec_map_slot *old = m->slots;
  size_t oldcap = m->cap;
  m->slots = ec_calloc(cap, sizeof *m->slots);
  m->cap = cap;
  m->n = 0;
  for (size_t i = 0; i < oldcap; i++)
    if (old[i].used) S_place(m, &old[i]);
  free(old);
}

/* The slot holding key, or the empty slot where it would go. The stored
 * hash is compared first, so a probe past other keys reads no key bytes. */
static ec_map_slot *S_find(const ec_map *m, const char *key, size_t len, uint64_t h) {
  size_t i = (size_t)h & (m->cap - 1);
  while (m->slots[i].used) {
    ec_map_slot *s = &m->slots[i];
    if (s->hash == h && s->len == len && memcmp(s->key, key, len) == 0) return s;
    i = (i + 1) & (m->cap - 1);
  }
  return &m->slots[i];
}

int ec_map_put(ec_map *m, const char *key, size_t len, size_t val) {
  if ((m->n + 1) * 4 >= m->cap * 3) S_rehash(m, m->cap ? m->cap * 2 : 64);
  uint64_t h = S_hash(key, len);
  ec_map_slot *s = S_find(m, key, len, h);
  if (s->used) {
    s->val = val;
    return 0;
  }
  s->used = 1;
  s->key = key;
  s->len = len;
  s->val = val;
  s->hash = h;
  m->n++;
  return 1;
}

int ec_map_get(const ec_map *m, const char *key, size_t len, size_t *val) {
  if (!m->cap) return 0;
  ec_map_slot *s = S_find(m, key, len, S_hash(key, len));
  if (!s->used) return 0;
  if (val) *val = s->val;
  return 1;
}

void ec_map_free(ec_map *m) {
  free(m->slots);
  memset(m, 0, sizeof *m);
}
