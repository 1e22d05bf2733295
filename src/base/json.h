/* SPDX-License-Identifier: MIT */
/*
 * A small JSON reader (a tree of values) and the writing helpers the
 * reports use.  It reads compile_commands.json and tracecheck's own
 * JSON reports (--merge); it is not a general-purpose library: numbers
 * are integers or doubles, strings are UTF-8.
 */
#ifndef TC_JSON_H
#define TC_JSON_H

#include <stddef.h>

struct strbuf;

enum tc_json_type {
	TC_JSON_NULL,
	TC_JSON_FALSE,
	TC_JSON_TRUE,
	TC_JSON_NUMBER,
	TC_JSON_STRING,
	TC_JSON_ARRAY,
	TC_JSON_OBJECT,
};

struct tc_json {
	enum tc_json_type type;
	double num;
	char *str;		/* TC_JSON_STRING */
	char **keys;		/* TC_JSON_OBJECT: keys[i] names items[i] */
	struct tc_json **items; /* TC_JSON_ARRAY, TC_JSON_OBJECT */
	size_t nr, alloc;
};

/*
 * Parse a whole document.  NULL on malformed input, with *why set to a
 * static reason and *line to the line it was found on.
 */
struct tc_json *tc_json_parse(const char *text, const char **why, unsigned *line);
void tc_json_free(struct tc_json *v);

/* The member key of an object, or NULL. */
const struct tc_json *tc_json_get(const struct tc_json *obj, const char *key);
/* The string value, or NULL if v is not a string. */
const char *tc_json_str(const struct tc_json *v);
/* The integer value, or dflt if v is not a number. */
long long tc_json_int(const struct tc_json *v, long long dflt);

/* Append s as a JSON string (quoted; invalid UTF-8 becomes U+FFFD). */
void tc_json_quote(struct strbuf *sb, const char *s);
/*
 * The same, but each byte that is not UTF-8 becomes \udcXX (U+DC00 plus
 * the byte, as Python's surrogateescape), which tc_json_parse() reads
 * back as that byte: for text that must come back as it was (a worker's
 * result).
 */
void tc_json_quote_raw(struct strbuf *sb, const char *s);

#endif
