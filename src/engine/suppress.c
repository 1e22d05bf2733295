// SPDX-License-Identifier: MIT
#include "suppress.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

size_t tc_diags_ignore_events(struct tc_diags *d, const struct tc_settings *s)
{
	size_t dropped = 0;

	if (!s->nr_ignores || !d->nr)
		return 0;
	unsigned char *drop = xcalloc(d->nr, 1);
	for (size_t i = 0; i < d->nr; i++) {
		const struct tc_subject *sj = &d->v[i].subj;
		if (sj->scope != TC_SCOPE_CLASS && sj->scope != TC_SCOPE_EVENT)
			continue;
		for (size_t k = 0; k < s->nr_ignores && !drop[i]; k++) {
			const struct tc_event_ignore *ig = &s->ignores[k];
			if ((ig->rule < 0 || !strcmp(tc_rules[ig->rule]->name, d->v[i].rule)) &&
			    !strcmp(sj->scope_name, ig->event)) {
				drop[i] = 1;
				dropped++;
			}
		}
	}
	if (dropped)
		tc_diags_remove(d, drop);
	free(drop);
	return dropped;
}
