/* outpath — the file an output path names, walked one component at a time
 * the way the kernel walks it, following a symlink only when the kernel's
 * protected_symlinks rule would, and a little more strictly:
 *
 *   a symlink in a directory that is sticky or world-writable (/tmp,
 *   /var/tmp, a shared drop folder) is followed only when it belongs to the
 *   user writing (the effective uid) or to the directory's owner.
 *
 * Anyone can plant a link in such a directory; followed by root, a link to
 * /etc/shadow would make `report -o /tmp/report.html` replace it. The
 * kernel enforces the rule for sticky world-writable directories when
 * fs.protected_symlinks is 1, but not for a link enginecard resolves
 * itself (it replaces the file a link names, atomically, rather than
 * writing through it) nor on systems where the setting is 0; this walk
 * enforces it for every output, whatever the setting. A user's own link,
 * or any link in a directory only trusted users can write, is followed:
 * the file it names is replaced and the link stays. */
#include "cli/cli.h"
#include "util/alloc.h"
#include "util/buf.h"
#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define S_MAX_LINKS 40 /* the kernel's bound (ELOOP) */

/* "NAME (uid N)" (with_uid) or "NAME", or "uid N" when it has no name. */
static void S_who(char *out, size_t cap, uid_t uid, int with_uid) {
  struct passwd *pw = getpwuid(uid);
  if (pw && pw->pw_name && with_uid) snprintf(out, cap, "%s (uid %lu)", pw->pw_name, (unsigned long)uid);
  else if (pw && pw->pw_name) snprintf(out, cap, "%s", pw->pw_name);
  else snprintf(out, cap, "uid %lu", (unsigned long)uid);
}

/* Drop the last component of a walked prefix (no symlinks in it, so ".."
 * is lexical): "a/b" -> "a", "/a" -> "/", "" or ending in ".." -> one ".."
 * more. */
static void S_up(ec_buf *p) {
  size_t n = p->len;
  if (n == 1 && p->data[0] == '/') return; /* "/.." is "/" */
  if (n == 0 || (n >= 2 && !memcmp(p->data + n - 2, "..", 2) && (n == 2 || p->data[n - 3] == '/'))) {
    ec_buf_puts(p, n ? "/.." : "..");
    return;
  }
  while (n > 0 && p->data[n - 1] != '/') n--;
  if (n == 1) p->len = 1; /* "/a" -> "/" */
  else p->len = n ? n - 1 : 0;
  if (p->data) p->data[p->len] = '\0';
}

/* prefix + "/" + name (no "/" after a bare "/", none before a relative
 * start), as a new string. */
static char *S_join(const ec_buf *prefix, const char *name, size_t n) {
  if (!prefix->len) return ec_strndup(name, n);
  int slash = prefix->data[prefix->len - 1] != '/';
  return ec_asprintf("%s%s%.*s", prefix->data, slash ? "/" : "", (int)n, name);
}

char *ec_cli_out_target(const char *path, char *why, size_t cap) {
  ec_buf done = {0}; /* the walked part: real directories, no symlinks */
  ec_buf todo = {0}; /* what is left, '/'-separated */
  ec_buf_puts(&done, path[0] == '/' ? "/" : "");
  ec_buf_puts(&todo, path);
  int links = 0;
  char *result = NULL;
  size_t at = 0; /* the walk's position in todo */
  while (!result) {
    while (at < todo.len && todo.data[at] == '/') at++;
    if (at >= todo.len) { /* the path ends in a directory: the open says so */
      result = ec_strdup(done.len ? done.data : ".");
      break;
    }
    const char *c = todo.data + at;
    size_t cn = 0;
    while (at + cn < todo.len && c[cn] != '/') cn++;
    size_t next = at + cn;
    int last = 1;
    for (size_t k = next; k < todo.len; k++)
      if (todo.data[k] != '/') last = 0;
    if (cn == 1 && c[0] == '.') {
      at = next;
      continue;
    }
    if (cn == 2 && c[0] == '.' && c[1] == '.') {
      S_up(&done);
      at = next;
      continue;
    }
    char *cand = S_join(&done, c, cn);
    struct stat ls;
    int exists = lstat(cand, &ls) == 0;
    if (!exists || !S_ISLNK(ls.st_mode)) {
      /* a file or directory (or nothing yet: the file to create, or a
       * missing directory the write reports) */
      if (last || !exists) {
        result = last ? cand : ec_asprintf("%s%s", cand, todo.data + next);
        if (!last) free(cand);
        break;
      }
      ec_buf_free(&done);
      ec_buf_puts(&done, cand);
      free(cand);
      at = next;
      continue;
    }
    /* a symlink: followed only as the rule allows */
    const char *dir = done.len ? done.data : ".";
    struct stat ds;
    if (stat(dir, &ds) == 0 && (ds.st_mode & (S_ISVTX | S_IWOTH)) && ls.st_uid != geteuid() && ls.st_uid != ds.st_uid) {
      char owner[128], downer[128];
      S_who(owner, sizeof owner, ls.st_uid, 1);
      S_who(downer, sizeof downer, ds.st_uid, 0);
      snprintf(why, cap,
               "refusing to follow the symlink %s: it belongs to %s, neither you nor the owner of %s (%s), which is "
               "%s, so anyone may plant links there (the kernel's protected_symlinks rule); remove the link or "
               "write elsewhere",
               cand, owner, dir, downer,
               (ds.st_mode & S_ISVTX) && (ds.st_mode & S_IWOTH) ? "sticky and world-writable"
               : ds.st_mode & S_ISVTX                           ? "sticky"
                                                                : "world-writable");
      free(cand);
      break;
    }
    if (++links > S_MAX_LINKS) {
      snprintf(why, cap, "%s", strerror(ELOOP));
      free(cand);
      break;
    }
    char t[4096];
    ssize_t tn = readlink(cand, t, sizeof t - 1);
    if (tn <= 0) {
      snprintf(why, cap, "cannot read the symlink: %s", tn < 0 ? strerror(errno) : "empty");
      free(cand);
      break;
    }
    t[tn] = '\0';
    /* a link whose text names no file the kernel can still open: /proc's
     * fd links ("pipe:[123]" for -o /dev/stdout into a pipe); the kernel
     * follows it when the output is opened */
    char *probe = t[0] == '/' ? ec_strdup(t) : S_join(&done, t, (size_t)tn);
    struct stat ps, ks;
    int magic = lstat(probe, &ps) != 0 && stat(cand, &ks) == 0;
    free(probe);
    if (magic) {
      result = cand;
      break;
    }
    free(cand);
    /* the link's text takes its place in what is left to walk */
    ec_buf rest = {0};
    ec_buf_put(&rest, t, (size_t)tn);
    ec_buf_puts(&rest, "/");
    ec_buf_put(&rest, todo.data + next, todo.len - next);
    ec_buf_free(&todo);
    todo = rest;
    at = 0;
    if (t[0] == '/') {
      done.len = 0;
      ec_buf_puts(&done, "/");
    }
  }
  ec_buf_free(&done);
  ec_buf_free(&todo);
  return result;
}
