// SPDX-License-Identifier: MIT
#include "json.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "util.h"

struct parser {
	const char *p, *start;
	const char *why;
	int depth;
};

#define MAX_DEPTH 512

static void ws(struct parser *j)
{
	while (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r')
		j->p++;
}

static int fail(struct parser *j, const char *why)
{
	if (!j->why)
		j->why = why;
	return -1;
}

static void put_utf8(struct strbuf *sb, unsigned cp)
{
	if (cp < 0x80) {
		strbuf_addch(sb, (char)cp);
	} else if (cp < 0x800) {
		strbuf_addch(sb, (char)(0xc0 | cp >> 6));
		strbuf_addch(sb, (char)(0x80 | (cp & 0x3f)));
	} else if (cp < 0x10000) {
		strbuf_addch(sb, (char)(0xe0 | cp >> 12));
		strbuf_addch(sb, (char)(0x80 | ((cp >> 6) & 0x3f)));
		strbuf_addch(sb, (char)(0x80 | (cp & 0x3f)));
	} else {
		strbuf_addch(sb, (char)(0xf0 | cp >> 18));
		strbuf_addch(sb, (char)(0x80 | ((cp >> 12) & 0x3f)));
		strbuf_addch(sb, (char)(0x80 | ((cp >> 6) & 0x3f)));
		strbuf_addch(sb, (char)(0x80 | (cp & 0x3f)));
	}
}

static int hex4(struct parser *j, unsigned *v)
{
	*v = 0;
	for (int k = 0; k < 4; k++, j->p++) {
		int c = (unsigned char)*j->p;
		if (!isxdigit(c))
			return fail(j, "bad \\u escape");
		*v = *v * 16 + (unsigned)(isdigit(c) ? c - '0' : tolower(c) - 'a' + 10);
	}
	return 0;
}

static char *string(struct parser *j)
{
	struct strbuf sb = STRBUF_INIT;

	if (*j->p != '"') {
		fail(j, "expected a string");
		return NULL;
	}
	j->p++;
	while (*j->p != '"') {
		unsigned char c = (unsigned char)*j->p++;
		if (!c || c < 0x20) {
			fail(j, c ? "control character in a string" : "unterminated string");
			strbuf_release(&sb);
			return NULL;
		}
		if (c != '\\') {
			strbuf_addch(&sb, (char)c);
			continue;
		}
		c = (unsigned char)*j->p++;
		switch (c) {
		case '"': case '\\': case '/': strbuf_addch(&sb, (char)c); break;
		case 'n': strbuf_addch(&sb, '\n'); break;
		case 't': strbuf_addch(&sb, '\t'); break;
		case 'r': strbuf_addch(&sb, '\r'); break;
		case 'b': strbuf_addch(&sb, '\b'); break;
		case 'f': strbuf_addch(&sb, '\f'); break;
		case 'u': {
			unsigned cp, lo;
			if (hex4(j, &cp))
				break;
			if (cp >= 0xd800 && cp < 0xdc00 && j->p[0] == '\\' && j->p[1] == 'u') {
				j->p += 2;
				if (hex4(j, &lo))
					break;
				cp = lo >= 0xdc00 && lo < 0xe000
					     ? 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00)
					     : 0xfffd;
			} else if (cp >= 0xdc80 && cp < 0xdd00) {
				/* a byte that was not UTF-8 (tc_json_quote_raw()) */
				strbuf_addch(&sb, (char)(cp - 0xdc00));
				break;
			} else if (cp >= 0xd800 && cp < 0xe000) {
				cp = 0xfffd;
			}
			put_utf8(&sb, cp);
			break;
		}
		default:
			fail(j, "bad escape in a string");
		}
		if (j->why) {
			strbuf_release(&sb);
			return NULL;
		}
	}
	j->p++;
	return strbuf_detach(&sb);
}

static struct tc_json *value(struct parser *j);

static void add_item(struct tc_json *v, char *key, struct tc_json *item)
{
	ALLOC_GROW(v->items, v->nr + 1, v->alloc);
	if (v->type == TC_JSON_OBJECT) {
		v->keys = xrealloc(v->keys, v->alloc * sizeof(*v->keys));
		v->keys[v->nr] = key;
	}
	v->items[v->nr++] = item;
}

static struct tc_json *container(struct parser *j, enum tc_json_type type)
{
	struct tc_json *v = xcalloc(1, sizeof(*v));
	char close = type == TC_JSON_OBJECT ? '}' : ']';

	v->type = type;
	if (++j->depth > MAX_DEPTH) {
		fail(j, "nested too deeply");
		return v;
	}
	j->p++;
	ws(j);
	if (*j->p == close) {
		j->p++;
		j->depth--;
		return v;
	}
	for (;;) {
		char *key = NULL;
		ws(j);
		if (type == TC_JSON_OBJECT) {
			key = string(j);
			if (!key)
				return v;
			ws(j);
			if (*j->p != ':') {
				free(key);
				fail(j, "expected ':'");
				return v;
			}
			j->p++;
		}
		struct tc_json *item = value(j);
		add_item(v, key, item);
		if (j->why)
			return v;
		ws(j);
		if (*j->p == ',') {
			j->p++;
			continue;
		}
		if (*j->p == close) {
			j->p++;
			j->depth--;
			return v;
		}
		fail(j, type == TC_JSON_OBJECT ? "expected ',' or '}'" : "expected ',' or ']'");
		return v;
	}
}

static struct tc_json *value(struct parser *j)
{
	struct tc_json *v;

	ws(j);
	switch (*j->p) {
	case '{':
		return container(j, TC_JSON_OBJECT);
	case '[':
		return container(j, TC_JSON_ARRAY);
	case '"':
		v = xcalloc(1, sizeof(*v));
		v->type = TC_JSON_STRING;
		v->str = string(j);
		return v;
	}
	v = xcalloc(1, sizeof(*v));
	if (!strncmp(j->p, "null", 4)) {
		v->type = TC_JSON_NULL;
		j->p += 4;
	} else if (!strncmp(j->p, "true", 4)) {
		v->type = TC_JSON_TRUE;
		j->p += 4;
	} else if (!strncmp(j->p, "false", 5)) {
		v->type = TC_JSON_FALSE;
		j->p += 5;
	} else if (*j->p == '-' || isdigit((unsigned char)*j->p)) {
		char *end;
		v->type = TC_JSON_NUMBER;
		v->num = strtod(j->p, &end);
		if (end == j->p)
			fail(j, "bad number");
		j->p = end;
	} else {
		fail(j, *j->p ? "unexpected character" : "unexpected end of input");
	}
	return v;
}

struct tc_json *tc_json_parse(const char *text, const char **why, unsigned *line)
{
	struct parser j = { text, text, NULL, 0 };
	struct tc_json *v = value(&j);

	ws(&j);
	if (!j.why && *j.p)
		fail(&j, "text after the value");
	if (j.why) {
		*why = j.why;
		*line = 1;
		for (const char *p = text; p < j.p; p++)
			*line += *p == '\n';
		tc_json_free(v);
		return NULL;
	}
	return v;
}

void tc_json_free(struct tc_json *v)
{
	if (!v)
		return;
	for (size_t i = 0; i < v->nr; i++) {
		tc_json_free(v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->str);
	free(v);
}

const struct tc_json *tc_json_get(const struct tc_json *obj, const char *key)
{
	if (!obj || obj->type != TC_JSON_OBJECT)
		return NULL;
	for (size_t i = 0; i < obj->nr; i++)
		if (!strcmp(obj->keys[i], key))
			return obj->items[i];
	return NULL;
}

const char *tc_json_str(const struct tc_json *v)
{
	return v && v->type == TC_JSON_STRING ? v->str : NULL;
}

long long tc_json_int(const struct tc_json *v, long long dflt)
{
	return v && v->type == TC_JSON_NUMBER ? (long long)v->num : dflt;
}

/* The length of the valid UTF-8 sequence at s, or 0. */
static size_t utf8_len(const unsigned char *s)
{
	size_t n = s[0] >= 0xf0 && s[0] < 0xf5 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 ? 2 : 0;

	for (size_t k = 1; k < n; k++)
		if ((s[k] & 0xc0) != 0x80)
			return 0;
	if (n == 3 && ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0)))
		return 0; /* overlong, surrogate */
	if (n == 4 && ((s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90)))
		return 0;
	return n;
}

static void quote(struct strbuf *sb, const char *str, int raw);

void tc_json_quote(struct strbuf *sb, const char *str)
{
	quote(sb, str, 0);
}

void tc_json_quote_raw(struct strbuf *sb, const char *str)
{
	quote(sb, str, 1);
}

static void quote(struct strbuf *sb, const char *str, int raw)
{
	const unsigned char *s = (const unsigned char *)str;

	strbuf_addch(sb, '"');
	while (*s) {
		if (*s == '"' || *s == '\\') {
			strbuf_addch(sb, '\\');
			strbuf_addch(sb, (char)*s++);
		} else if (*s == '\n') {
			strbuf_addstr(sb, "\\n");
			s++;
		} else if (*s == '\t') {
			strbuf_addstr(sb, "\\t");
			s++;
		} else if (*s < 0x20 || *s == 0x7f) {
			strbuf_addf(sb, "\\u%04x", *s++);
		} else if (*s < 0x80) {
			strbuf_addch(sb, (char)*s++);
		} else {
			size_t n = utf8_len(s);
			if (n) {
				strbuf_add(sb, (const char *)s, n);
				s += n;
			} else {
				if (raw)
					strbuf_addf(sb, "\\udc%02x", *s);
				else
					strbuf_addstr(sb, "\\ufffd");
				s++;
			}
		}
	}
	strbuf_addch(sb, '"');
}
