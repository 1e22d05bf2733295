// SPDX-License-Identifier: MIT
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

void strbuf_init(struct strbuf *sb)
{
	sb->len = sb->alloc = 0;
	sb->buf = NULL;
}

void strbuf_release(struct strbuf *sb)
{
	free(sb->buf);
	strbuf_init(sb);
}

char *strbuf_detach(struct strbuf *sb)
{
	char *p = sb->buf ? sb->buf : xstrdup("");

	strbuf_init(sb);
	return p;
}

void strbuf_setlen(struct strbuf *sb, size_t len)
{
	if (len < sb->len) {
		sb->len = len;
		sb->buf[len] = '\0';
	}
}

void strbuf_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
}

void strbuf_grow(struct strbuf *sb, size_t extra)
{
	int fresh = !sb->buf;

	ALLOC_GROW_RAW(sb->buf, sb->len + extra + 1, sb->alloc);
	if (fresh)
		sb->buf[0] = '\0';
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	strbuf_grow(sb, len);
	memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addch(struct strbuf *sb, int c)
{
	char ch = (char)c;

	strbuf_add(sb, &ch, 1);
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	strbuf_grow(sb, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	sb->len += (size_t)n;
}

const char *strbuf_str(const struct strbuf *sb)
{
	return sb->buf ? sb->buf : "";
}
