/* SPDX-License-Identifier: MIT */
#ifndef TC_STRBUF_H
#define TC_STRBUF_H

#include <stddef.h>

/* A growable, always NUL-terminated string, after git's strbuf. */
struct strbuf {
	size_t len;
	size_t alloc;
	char *buf;
};

#define STRBUF_INIT { 0, 0, NULL }

void strbuf_init(struct strbuf *sb);
void strbuf_release(struct strbuf *sb);
/* Hand the buffer over to the caller (never NULL); sb is reset. */
char *strbuf_detach(struct strbuf *sb);
void strbuf_reset(struct strbuf *sb);
/* Cut it to its first len bytes (len <= sb->len). */
void strbuf_setlen(struct strbuf *sb, size_t len);
void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, int c);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The buffer's content, "" for an empty buffer. */
const char *strbuf_str(const struct strbuf *sb);

#endif
