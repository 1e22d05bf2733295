// SPDX-License-Identifier: MIT
#include "emit.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "format.h"
#include "strbuf.h"
#include "util.h"

/* Write text to path atomically: a temporary file beside it, renamed. */
static int write_atomic(const char *path, const char *text, size_t len)
{
	char *tmp = xasprintf("%s.tmp-%d", path, (int)getpid());
	FILE *f = fopen(tmp, "w");
	int rc = 0;

	if (!f) {
		rc = error("%s: %s", tmp, strerror(errno));
	} else {
		if (fwrite(text, 1, len, f) != len)
			rc = -1;
		if (fclose(f))
			rc = -1;
		if (rc)
			error("%s: %s", tmp, strerror(errno));
		else if (rename(tmp, path))
			rc = error("%s: %s", path, strerror(errno));
	}
	if (rc)
		unlink(tmp);
	free(tmp);
	return rc;
}

int tc_emit_formats(const struct tc_header *h, const char *dir, FILE *out)
{
	int rc = 0;

	for (size_t i = 0; i < h->nr_events; i++) {
		const struct tc_event *e = h->events[i];
		struct strbuf sb = STRBUF_INIT;
		const char *why = NULL;

		if (!e->instantiated)
			continue;
		if (tc_format_event(h, e, &sb, &why)) {
			error("%s: cannot emit the format of event '%s': %s", h->path, e->name, why);
			rc = -1;
		} else if (!dir) {
			fwrite(sb.buf, 1, sb.len, out);
		} else {
			char *d = xasprintf("%s/%s/%s", dir, tc_format_system(h, e), e->name);
			char *path = xasprintf("%s/format", d);
			if (mkdir_p(d, 0777))
				rc = error("%s: %s", d, strerror(errno));
			else if (write_atomic(path, sb.buf, sb.len))
				rc = -1;
			free(d);
			free(path);
		}
		strbuf_release(&sb);
	}
	return rc;
}
