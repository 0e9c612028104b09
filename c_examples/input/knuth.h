/* The input parser of dlx.c: Knuth's input format for DLX1, DLX2 and DLX3, in a file
 * of its own so that a fuzzer can run the very same code. It reads from any FILE*,
 * never exits, allocates with malloc (dlxin_free releases everything, also after an
 * error), and on malformed input returns -1 with a one-line message
 * "line N: reason" (without the program's name).
 *
 * The format:
 *   - lines whose first non-blank character is '|' are comments; blank lines are skipped;
 *   - the first other line names the items, separated by blanks; a lone '|' separates
 *     the primary items from the secondary ones; a primary item may carry bounds as
 *     "u:v|name" (covered at least u, at most v times) or "v|name" (exactly v times);
 *   - every further line is an option: item names, a secondary item optionally
 *     followed by ":colour" (any name, not only Knuth's one character);
 *   - an option without a primary item is dropped (dlxin.dropped counts them and
 *     dlxin.dropped_line keeps their line numbers), as Knuth's programs do.
 * Names are 1..DLXIN_NAME_MAX printable ASCII characters other than ':' and '|'. */
#ifndef KNUTH_INPUT_H
#define KNUTH_INPUT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DLXIN_NAME_MAX 64
/* Most items, colours, options and entries: what fits the library's indices. */
#define DLXIN_MAX_COUNT 0x3FFFFFFFu

struct dlxin_names {
  char *text;          /* the names, each followed by '\0' */
  size_t len, cap;
  uint32_t *at;        /* offset of name i in text */
  uint32_t n, cap_at;
  uint32_t *slot;      /* hash table: name index + 1, 0 = empty */
  uint32_t slots;      /* a power of two, at least twice n */
};

struct dlxin {
  struct dlxin_names items;   /* item i is column i */
  uint32_t primary;           /* items 0 .. primary-1 are primary */
  uint32_t *lo, *hi;          /* bounds of each primary item (1, 1 unless given) */
  int has_bounds;             /* some bound other than [1, 1] */
  struct dlxin_names colours; /* colour k (1-based) is name k-1 */
  uint32_t options;           /* options kept */
  uint32_t *start;            /* option o: entries start[o] .. start[o+1]-1 */
  uint32_t *item, *colour;    /* per entry: item index, colour (0 = none) */
  uint32_t entries, cap_entries, cap_options;
  unsigned long *line;        /* input line of each option kept */
  uint32_t dropped;           /* options without a primary item */
  unsigned long *dropped_line;
  uint32_t cap_dropped;
};

static void dlxin_names_free(struct dlxin_names *t) {
  free(t->text);
  free(t->at);
  free(t->slot);
  memset(t, 0, sizeof *t);
}

static void dlxin_free(struct dlxin *in) {
  dlxin_names_free(&in->items);
  dlxin_names_free(&in->colours);
  free(in->lo);
  free(in->hi);
  free(in->start);
  free(in->item);
  free(in->colour);
  free(in->line);
  free(in->dropped_line);
  memset(in, 0, sizeof *in);
}

/* Grows *p (an array of *cap elements of size sz) to hold at least need elements. */
static int dlxin_grow(void **p, uint32_t *cap, uint32_t need, size_t sz) {
  uint32_t c = *cap ? *cap : 16;
  void *q;
  if (need <= *cap) return 0;
  while (c < need) c = c > DLXIN_MAX_COUNT / 2 ? DLXIN_MAX_COUNT + 1 : 2 * c;
  q = realloc(*p, (size_t)c * sz);
  if (!q) return -1;
  *p = q;
  *cap = c;
  return 0;
}

static uint32_t dlxin_hash(const char *s, size_t n) {
  uint32_t h = 2166136261u;
  size_t i;
  for (i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h;
}

/* The index of name s[0..n) in t, or -1. */
static long dlxin_find(const struct dlxin_names *t, const char *s, size_t n) {
  uint32_t i;
  if (!t->slots) return -1;
  for (i = dlxin_hash(s, n) & (t->slots - 1); t->slot[i]; i = (i + 1) & (t->slots - 1)) {
    const char *name = t->text + t->at[t->slot[i] - 1];
    if (strlen(name) == n && memcmp(name, s, n) == 0) return (long)t->slot[i] - 1;
  }
  return -1;
}

static void dlxin_place(struct dlxin_names *t, uint32_t k) {
  const char *name = t->text + t->at[k];
  uint32_t i = dlxin_hash(name, strlen(name)) & (t->slots - 1);
  while (t->slot[i]) i = (i + 1) & (t->slots - 1);
  t->slot[i] = k + 1;
}

/* Adds name s[0..n) (not yet present); returns its index or -1 when out of memory. */
static long dlxin_add(struct dlxin_names *t, const char *s, size_t n) {
  uint32_t k;
  if (t->n >= DLXIN_MAX_COUNT) return -1;
  if (dlxin_grow((void **)&t->at, &t->cap_at, t->n + 1, sizeof *t->at)) return -1;
  if (t->len + n + 1 > t->cap) {
    size_t c = t->cap ? 2 * t->cap : 256;
    char *q;
    while (c < t->len + n + 1) c *= 2;
    if (c > 0xFFFFFFFFu || !(q = (char *)realloc(t->text, c))) return -1;
    t->text = q;
    t->cap = c;
  }
  memcpy(t->text + t->len, s, n);
  t->text[t->len + n] = '\0';
  t->at[t->n] = (uint32_t)t->len;
  t->len += n + 1;
  k = t->n++;
  if (2 * (uint64_t)t->n > t->slots) {
    uint32_t slots = t->slots ? 2 * t->slots : 64, j;
    uint32_t *q = (uint32_t *)calloc(slots, sizeof *q);
    if (!q) return -1;
    free(t->slot);
    t->slot = q;
    t->slots = slots;
    for (j = 0; j < t->n; j++) dlxin_place(t, j);
  } else {
    dlxin_place(t, k);
  }
  return (long)k;
}

/* Name i of t. */
static const char *dlxin_name(const struct dlxin_names *t, uint32_t i) {
  return t->text + t->at[i];
}

struct dlxin_reader {
  FILE *f;
  char *buf;       /* the current line, '\0'-terminated, without its newline */
  size_t len, cap;
  unsigned long line;
  char *msg;
  size_t msg_cap;
};

static int dlxin_fail(struct dlxin_reader *r, const char *what, const char *name,
                      size_t n) {
  if (name)
    snprintf(r->msg, r->msg_cap, "line %lu: %s '%.*s'", r->line, what,
             (int)(n > DLXIN_NAME_MAX ? DLXIN_NAME_MAX : n), name);
  else
    snprintf(r->msg, r->msg_cap, "line %lu: %s", r->line, what);
  return -1;
}

/* Reads the next line. Returns 1 with a line, 0 at the end, -1 on a bad byte or no
 * memory. */
static int dlxin_line(struct dlxin_reader *r) {
  int c;
  r->len = 0;
  c = getc(r->f);
  if (c == EOF) return 0;
  r->line++;
  for (; c != EOF && c != '\n'; c = getc(r->f)) {
    if (c == '\r') continue;
    if (c != '\t' && (c < 0x20 || c > 0x7e))
      return dlxin_fail(r, "a byte that is not printable ASCII", NULL, 0);
    if (r->len + 2 > r->cap) {
      size_t cap = r->cap ? 2 * r->cap : 256;
      char *q = (char *)realloc(r->buf, cap);
      if (!q) return dlxin_fail(r, "out of memory", NULL, 0);
      r->buf = q;
      r->cap = cap;
    }
    r->buf[r->len++] = (char)c;
  }
  if (!r->buf) {
    r->buf = (char *)malloc(1);
    if (!r->buf) return dlxin_fail(r, "out of memory", NULL, 0);
    r->cap = 1;
  }
  r->buf[r->len] = '\0';
  return 1;
}

static int dlxin_blank(int c) { return c == ' ' || c == '\t'; }

/* 1 for a comment or blank line. */
static int dlxin_skip(const char *s) {
  while (dlxin_blank(*s)) s++;
  return *s == '|' || *s == '\0';
}

static int dlxin_name_ok(struct dlxin_reader *r, const char *s, size_t n,
                         const char *what_long, const char *what_bad) {
  size_t i;
  if (n == 0) return dlxin_fail(r, "empty name", NULL, 0);
  if (n > DLXIN_NAME_MAX) return dlxin_fail(r, what_long, s, n);
  for (i = 0; i < n; i++)
    if (s[i] == ':' || s[i] == '|') return dlxin_fail(r, what_bad, s, n);
  return 0;
}

/* Parses a decimal bound s[0..n); -1 when not a number or too big. */
static long dlxin_number(const char *s, size_t n) {
  long v = 0;
  size_t i;
  if (n == 0 || n > 9) return -1;
  for (i = 0; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return -1;
    v = 10 * v + (s[i] - '0');
  }
  return v;
}

static int dlxin_items(struct dlxin_reader *r, struct dlxin *in) {
  char *s = r->buf;
  int secondary = 0;
  uint32_t cap = 0;
  for (;;) {
    char *tok, *bar, *colon;
    size_t n;
    long lo = 1, hi = 1, k;
    while (dlxin_blank(*s)) s++;
    if (!*s) break;
    tok = s;
    while (*s && !dlxin_blank(*s)) s++;
    n = (size_t)(s - tok);
    if (n == 1 && tok[0] == '|') {
      if (secondary) return dlxin_fail(r, "'|' twice in the item line", NULL, 0);
      secondary = 1;
      in->primary = in->items.n;
      continue;
    }
    bar = (char *)memchr(tok, '|', n);
    if (bar) {
      size_t bn = (size_t)(bar - tok);
      if (secondary) return dlxin_fail(r, "bounds on a secondary item", tok, n);
      colon = (char *)memchr(tok, ':', bn);
      if (colon) {
        lo = dlxin_number(tok, (size_t)(colon - tok));
        hi = dlxin_number(colon + 1, (size_t)(bar - colon - 1));
      } else {
        lo = hi = dlxin_number(tok, bn);
      }
      if (lo < 0 || hi < 0) return dlxin_fail(r, "bad bounds (want u:v|name or v|name)", tok, n);
      if (hi == 0) return dlxin_fail(r, "bad bounds (upper bound 0)", tok, n);
      if (lo > hi) return dlxin_fail(r, "bad bounds (lower bound above upper)", tok, n);
      n -= bn + 1;
      tok = bar + 1;
    }
    if (dlxin_name_ok(r, tok, n, "item name too long", "forbidden character in item name"))
      return -1;
    if (dlxin_find(&in->items, tok, n) >= 0)
      return dlxin_fail(r, "item listed twice", tok, n);
    k = dlxin_add(&in->items, tok, n);
    if (k < 0) return dlxin_fail(r, "out of memory", NULL, 0);
    if (!secondary) {
      uint32_t c0 = cap;
      if (dlxin_grow((void **)&in->lo, &c0, (uint32_t)k + 1, sizeof *in->lo) ||
          dlxin_grow((void **)&in->hi, &cap, (uint32_t)k + 1, sizeof *in->hi))
        return dlxin_fail(r, "out of memory", NULL, 0);
      in->lo[k] = (uint32_t)lo;
      in->hi[k] = (uint32_t)hi;
      if (lo != 1 || hi != 1) in->has_bounds = 1;
    }
  }
  if (!secondary) in->primary = in->items.n;
  if (in->items.n == 0) return dlxin_fail(r, "no items in the item line", NULL, 0);
  return 0;
}

static int dlxin_option(struct dlxin_reader *r, struct dlxin *in) {
  char *s = r->buf;
  uint32_t first = in->entries, e;
  int primary = 0;
  for (;;) {
    char *tok, *colon;
    size_t n, cn = 0;
    long k, colour = 0;
    while (dlxin_blank(*s)) s++;
    if (!*s) break;
    tok = s;
    while (*s && !dlxin_blank(*s)) s++;
    n = (size_t)(s - tok);
    colon = (char *)memchr(tok, ':', n);
    if (colon) {
      cn = n - (size_t)(colon - tok) - 1;
      n = (size_t)(colon - tok);
    }
    if (n == 0) return dlxin_fail(r, "empty item name", NULL, 0);
    k = dlxin_find(&in->items, tok, n);
    if (k < 0) {
      if (dlxin_name_ok(r, tok, n, "item name too long", "forbidden character in item name"))
        return -1;
      return dlxin_fail(r, "unknown item", tok, n);
    }
    for (e = first; e < in->entries; e++)
      if (in->item[e] == (uint32_t)k) return dlxin_fail(r, "item twice in one option", tok, n);
    if (colon) {
      if ((uint32_t)k < in->primary) return dlxin_fail(r, "colour on a primary item", tok, n);
      if (dlxin_name_ok(r, colon + 1, cn, "colour name too long",
                        "forbidden character in colour name"))
        return -1;
      colour = dlxin_find(&in->colours, colon + 1, cn);
      if (colour < 0) colour = dlxin_add(&in->colours, colon + 1, cn);
      if (colour < 0) return dlxin_fail(r, "out of memory", NULL, 0);
      colour += 1;
    }
    if ((uint32_t)k < in->primary) primary = 1;
    if (in->entries >= DLXIN_MAX_COUNT) return dlxin_fail(r, "too many entries", NULL, 0);
    {
      uint32_t c0 = in->cap_entries;
      if (dlxin_grow((void **)&in->item, &c0, in->entries + 1, sizeof *in->item) ||
          dlxin_grow((void **)&in->colour, &in->cap_entries, in->entries + 1,
                     sizeof *in->colour))
        return dlxin_fail(r, "out of memory", NULL, 0);
    }
    in->item[in->entries] = (uint32_t)k;
    in->colour[in->entries] = (uint32_t)colour;
    in->entries++;
  }
  if (in->entries == first) return 0; /* cannot happen: blank lines are skipped */
  if (!primary) {
    in->entries = first;
    if (dlxin_grow((void **)&in->dropped_line, &in->cap_dropped, in->dropped + 1,
                   sizeof *in->dropped_line))
      return dlxin_fail(r, "out of memory", NULL, 0);
    in->dropped_line[in->dropped++] = r->line;
    return 0;
  }
  if (in->options >= DLXIN_MAX_COUNT) return dlxin_fail(r, "too many options", NULL, 0);
  {
    uint32_t c0 = in->cap_options, c1 = in->cap_options;
    if (dlxin_grow((void **)&in->start, &c0, in->options + 2, sizeof *in->start) ||
        dlxin_grow((void **)&in->line, &c1, in->options + 2, sizeof *in->line))
      return dlxin_fail(r, "out of memory", NULL, 0);
    in->cap_options = c0;
  }
  in->line[in->options] = r->line;
  in->start[in->options] = first;
  in->options++;
  in->start[in->options] = in->entries;
  return 0;
}

/* Reads a whole problem from f into *in (which it first zeroes). Returns 0, or -1 with
 * "line N: reason" in msg[0..cap). Call dlxin_free(in) afterwards in both cases. */
static int dlxin_read(FILE *f, struct dlxin *in, char *msg, size_t cap) {
  struct dlxin_reader r;
  int got, status = -1;
  memset(in, 0, sizeof *in);
  memset(&r, 0, sizeof r);
  r.f = f;
  r.msg = msg;
  r.msg_cap = cap;
  if (cap) msg[0] = '\0';
  in->start = (uint32_t *)malloc(sizeof *in->start);
  if (!in->start) return dlxin_fail(&r, "out of memory", NULL, 0);
  in->start[0] = 0;
  in->cap_options = 1;
  in->line = (unsigned long *)malloc(sizeof *in->line);
  if (!in->line) return dlxin_fail(&r, "out of memory", NULL, 0);
  while ((got = dlxin_line(&r)) == 1 && dlxin_skip(r.buf)) {
  }
  if (got < 0) goto out;
  if (got == 0) {
    if (r.line == 0) r.line = 1;
    dlxin_fail(&r, "no item line (the first line that is not a comment names the items)",
               NULL, 0);
    goto out;
  }
  if (dlxin_items(&r, in)) goto out;
  while ((got = dlxin_line(&r)) == 1) {
    if (dlxin_skip(r.buf)) continue;
    if (dlxin_option(&r, in)) goto out;
  }
  if (got == 0) status = 0;
out:
  free(r.buf);
  return status;
}

#endif
