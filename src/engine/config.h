/* SPDX-License-Identifier: MIT */
/*
 * Rule settings: defaults from the rule table, then a .tracecheck file
 * (the first one found walking up from the checked header), then the
 * command line.  The same option syntax serves both:
 *   --enable RULE  --disable RULE  --ignore RULE
 *   --ignore RULE:EVENT   (RULE's findings inside the event or class EVENT)
 *   -WRULE  -Wno-RULE  -Werror=RULE  -Wno-error=RULE
 *   --severity RULE=error|warning|note  --fail-on error|warning|note
 *   --layout-abi x86_64,i386,aarch64,arm   (the ABIs layout-abi compares)
 *   --userspace 1.7.1,1.8.4,...   (the libtraceevent releases user-space verdicts are about)
 *   --max-findings N  (per file; 0: no limit)   --timeout SECONDS
 *   --accept-not-checked EVENT,SYSTEM:EVENT,...   (events that may stay not checked)
 */
#ifndef TC_CONFIG_H
#define TC_CONFIG_H

#include "diag.h"
#include "rules.h"

struct tc_settings {
	struct tc_rule_setting *rules; /* tc_nr_rules entries */
	enum tc_severity fail_on;
	unsigned layout_abis; /* --layout-abi LIST: 1 << enum tc_abi each; 0 when not given */
	unsigned userspace;   /* --userspace LIST: a tc_uset (umodel.h); 0 when not given */
	struct tc_event_ignore *ignores; /* --ignore RULE:EVENT */
	size_t nr_ignores;
	int timeout;	      /* --timeout SECONDS (a config file's); -1 when not given */
	long max_findings;    /* --max-findings N; -1 when not given (TC_MAX_FINDINGS), 0 no limit */
	/*
	 * --accept-not-checked: events ("NAME" or "SYSTEM:NAME") that may
	 * stay not checked (notchecked.h) without the run saying so
	 */
	char **accept_nc;
	size_t nr_accept_nc;
};

/* Whether s accepts that event name of TRACE_SYSTEM system (or NULL) is not checked. */
int tc_settings_accepts_nc(const struct tc_settings *s, const char *system, const char *name);

struct tc_event_ignore {
	int rule; /* index in tc_rules, -1 for all */
	char *event;
	char *where; /* "command line", or the config file's "path:line" */
};

/* --max-findings' default: the findings reported per file */
#define TC_MAX_FINDINGS 1000

void tc_settings_init(struct tc_settings *s);
void tc_settings_copy(struct tc_settings *dst, const struct tc_settings *src);
void tc_settings_release(struct tc_settings *s);

/*
 * Apply one rule option.  opt is the option ("--enable", "-Wfoo", ...),
 * arg its separate argument if it takes one (NULL otherwise).  Returns
 * 1 if opt is a rule option and it was applied, 0 if opt is not a rule
 * option, -1 on a bad value (an error naming `where` has been printed).
 */
int tc_settings_apply(struct tc_settings *s, const char *opt, const char *arg,
		      const char *where);
/* A comma list of ABI names (x86_64, i386, aarch64, arm, or triples) as a mask; 0 on error. */
unsigned tc_parse_abi_list(const char *list, const char **bad);
/* Does opt take a separate argument? (for --enable RULE etc.) */
int tc_settings_option_takes_arg(const char *opt);

/* Apply a config file; -1 (after an error naming file:line) on bad content. */
int tc_settings_load_file(struct tc_settings *s, const char *path);
/* The .tracecheck that governs a header, or NULL; malloced. */
char *tc_find_config(const char *header_abs_path);

#endif
