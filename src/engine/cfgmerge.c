// SPDX-License-Identifier: MIT
/* The findings of a header's passes in other configurations (cfgmerge.h). */
#include "cfgmerge.h"

#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "util.h"

/* What makes two findings one: the rule, the subject (about the whole header, the message). */
static char *identity(const struct tc_diag *g, const struct tc_header *h)
{
	char *subj = tc_subject_key(&g->subj);
	int whole = g->subj.scope == TC_SCOPE_HEADER && g->subj.elem == TC_ELEM_NONE;
	int elsewhere = g->loc.file && strcmp(g->loc.file, h->path);
	char *id = xasprintf("%s\n%s%s%s", g->rule, subj, whole || elsewhere ? "\n" : "",
			     whole || elsewhere ? g->msg : "");

	free(subj);
	return id;
}

static int known(char *const *ids, size_t n, const char *id)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(ids[i], id))
			return 1;
	return 0;
}

/*
 * The configuration finding g of pass p holds in: the options the #if
 * of the event or class it is about wants, when the pass was made for
 * it; else the pass's.
 */
static const char *config_of(const struct tc_cfg_pass *p, const struct tc_diag *g)
{
	const char *scope = g->subj.scope_name;

	for (size_t i = 0; scope && i < p->nr_events; i++) {
		if (!strcmp(p->events[i], scope))
			return p->event_configs[i];
		for (size_t k = 0; g->subj.scope == TC_SCOPE_CLASS && k < p->h->nr_events; k++) {
			const struct tc_event *e = p->h->events[k];
			if (!strcmp(e->name, p->events[i]) && e->class_name &&
			    !strcmp(e->class_name, scope))
				return p->event_configs[i];
		}
	}
	return p->config;
}

/* The pass of the header before the patch in the same configuration, or NULL. */
static const struct tc_header *before_of(const struct tc_header *h, const char *config)
{
	for (size_t i = 0; h && i < h->nr_cfg_passes; i++)
		if (!strcmp(h->cfg_passes[i].config, config))
			return h->cfg_passes[i].h;
	return NULL;
}

void tc_cfg_passes_check(const struct tc_header *h, const struct tc_rule_setting *settings,
			 struct tc_diags *d)
{
	char **ids = NULL;
	size_t nr = 0;

	if (!h->nr_cfg_passes)
		return;
	ids = xcalloc(d->nr + 1, sizeof(*ids));
	for (size_t i = 0; i < d->nr; i++)
		ids[nr++] = identity(&d->v[i], h);
	for (size_t k = 0; k < h->nr_cfg_passes; k++) {
		const struct tc_cfg_pass *p = &h->cfg_passes[k];
		struct tc_diags pd = { 0 };
		/* what the check of h was told, and the same configuration before the patch */
		p->h->layout_abis = h->layout_abis;
		p->h->userspace = h->userspace;
		p->h->before = before_of(h->before, p->config);
		tc_run_rules(p->h, settings, &pd);
		for (size_t i = 0; i < pd.nr; i++) {
			struct tc_diag *g = &pd.v[i];
			char *id = identity(g, h);
			if (known(ids, nr, id)) {
				free(id);
				continue;
			}
			ids = xrealloc(ids, (nr + 1) * sizeof(*ids));
			ids[nr++] = id;
			g->config = xstrdup(config_of(p, g));
			ALLOC_GROW(d->v, d->nr + 1, d->alloc);
			d->v[d->nr] = *g;
			d->v[d->nr].seq = d->nr;
			d->nr++;
			memset(g, 0, sizeof(*g));
		}
		tc_diags_release(&pd);
	}
	free_strings(ids, nr);
}
