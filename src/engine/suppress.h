/* SPDX-License-Identifier: MIT */
/*
 * --ignore RULE:EVENT: drop a rule's findings about one event.  A
 * finding is about EVENT when its subject's scope (diag.h) is the class
 * or event named EVENT: it lies in the text of the TRACE_EVENT(),
 * DECLARE_EVENT_CLASS(), DEFINE_EVENT*() (or another event macro) whose
 * first argument is EVENT.
 */
#ifndef TC_SUPPRESS_H
#define TC_SUPPRESS_H

#include "config.h"
#include "diag.h"
#include "model.h"

/* Drop the findings s's ignores name; returns how many were dropped. */
size_t tc_diags_ignore_events(struct tc_diags *d, const struct tc_settings *s);

#endif
