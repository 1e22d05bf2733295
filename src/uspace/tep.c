// SPDX-License-Identifier: MIT
#include "tep.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

#ifdef HAVE_LIBTRACEEVENT
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#include <event-parse.h>
#include <event-utils.h>
#include <trace-seq.h>

static struct tep_handle *handles[2];
static struct tep_plugin_list *plugin_list; /* handles[1]'s */
static int next_id[2];
static struct strbuf *capture;

/*
 * libtraceevent's messages go through tep_vprint(), which it lets
 * applications override: keep them instead of printing them.
 */
int tep_vprint(const char *name, enum tep_loglevel level, bool print_err, const char *fmt,
	       va_list ap)
{
	(void)name;
	(void)print_err;
	if (!capture || level > TEP_LOG_WARNING)
		return 0;
	char *msg = NULL;
	if (vasprintf(&msg, fmt, ap) < 0)
		return 0;
	size_t n = strlen(msg);
	while (n && msg[n - 1] == '\n')
		msg[--n] = '\0';
	if (n)
		strbuf_addf(capture, "%s\n", msg);
	free(msg);
	return 0;
}

static void release(int plugins)
{
	if (!handles[plugins])
		return;
	if (plugins) {
		tep_unload_plugins(plugin_list, handles[plugins]);
		plugin_list = NULL;
	}
	tep_free(handles[plugins]);
	handles[plugins] = NULL;
}

void tc_tep_release(void)
{
	release(0);
	release(1);
}

static struct tep_handle *handle(int plugins)
{
	if (handles[plugins] && next_id[plugins] < 65535)
		return handles[plugins];
	release(plugins); /* common_type is 16 bits: start afresh */
	struct tep_handle *t = tep_alloc();
	if (!t)
		die("out of memory (libtraceevent)");
	tep_set_long_size(t, 8);
	tep_set_page_size(t, 4096);
	tep_set_file_bigendian(t, TEP_LITTLE_ENDIAN);
	tep_set_local_bigendian(t, TEP_LITTLE_ENDIAN);
	tep_set_loglevel(TEP_LOG_WARNING);
	if (plugins)
		plugin_list = tep_load_plugins(t);
	handles[plugins] = t;
	next_id[plugins] = 1;
	return t;
}

const char *tc_tep_version(void)
{
	return TC_TEP_VERSION;
}

struct plugin_names {
	char **v;
	size_t nr, alloc;
};

/* A plugin it would load: path is its directory, name the file's (libtraceevent's hook). */
static void note_plugin(struct tep_handle *tep, const char *path, const char *name, void *data)
{
	struct plugin_names *pn = data;

	(void)tep;
	ALLOC_GROW(pn->v, pn->nr + 1, pn->alloc);
	pn->v[pn->nr++] = name ? xasprintf("%s/%s", path, name) : xstrdup(path);
}

char *tc_tep_identity(void)
{
	struct strbuf sb = STRBUF_INIT;
	char *lib = library_identity((const void *)tep_alloc);
	struct tep_handle *t = tep_alloc();
	struct plugin_names pn = { 0 };

	strbuf_addf(&sb, "libtraceevent %s %s", TC_TEP_VERSION, lib);
	free(lib);
	if (t) {
		/* the plugins it would load, without loading them: each file's own identity */
		tep_load_plugins_hook(t, ".so", note_plugin, &pn);
		tep_free(t);
	}
	sort_strings(pn.v, pn.nr);
	for (size_t i = 0; i < pn.nr; i++) {
		char *id = file_identity(pn.v[i]);
		strbuf_addf(&sb, " plugin %s", id);
		free(id);
	}
	free_strings(pn.v, pn.nr);
	return strbuf_detach(&sb);
}

int tc_tep_parse(const char *format, const char *system, int plugins, int *failed,
		 struct strbuf *warnings)
{
	struct tep_handle *t = handle(!!plugins);
	int id = next_id[!!plugins]++;
	struct strbuf text = STRBUF_INIT;
	const char *idl = strstr(format, "\nID: ");

	*failed = 0;
	if (!idl)
		return -1;
	const char *eol = strchrnul(idl + 1, '\n');
	strbuf_add(&text, format, (size_t)(idl - format));
	strbuf_addf(&text, "\nID: %d", id);
	strbuf_addstr(&text, eol);
	capture = warnings;
	enum tep_errno err = tep_parse_event(t, text.buf, text.len, system);
	capture = NULL;
	strbuf_release(&text);
	struct tep_event *ev = tep_find_event(t, id);
	if (!ev) {
		(void)err;
		*failed = 1;
		return -1;
	}
	*failed = !!(ev->flags & TEP_EVENT_FL_FAILED);
	return id;
}

int tc_tep_render(int plugins, int id, unsigned char *data, size_t size, struct strbuf *out,
		  struct strbuf *warnings)
{
	struct tep_handle *t = handles[!!plugins];
	struct tep_record rec = { 0 };
	struct trace_seq s;

	if (!t || size < 2)
		return -1;
	data[0] = (unsigned char)id;
	data[1] = (unsigned char)(id >> 8);
	rec.data = data;
	rec.size = (int)size;
	rec.record_size = (int)size;
	trace_seq_init(&s);
	capture = warnings;
	tep_print_event(t, &s, &rec, "%s", TEP_PRINT_INFO);
	capture = NULL;
	trace_seq_terminate(&s);
	strbuf_add(out, s.buffer, s.len);
	trace_seq_destroy(&s);
	return 0;
}

#else

const char *tc_tep_version(void)
{
	return NULL;
}

char *tc_tep_identity(void)
{
	return xstrdup("libtraceevent none");
}

void tc_tep_release(void)
{
}

int tc_tep_parse(const char *format, const char *system, int plugins, int *failed,
		 struct strbuf *warnings)
{
	(void)format, (void)system, (void)plugins, (void)warnings;
	*failed = 0;
	return -1;
}

int tc_tep_render(int plugins, int id, unsigned char *data, size_t size, struct strbuf *out,
		  struct strbuf *warnings)
{
	(void)plugins, (void)id, (void)data, (void)size, (void)out, (void)warnings;
	return -1;
}

#endif
