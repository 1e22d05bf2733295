/* SPDX-License-Identifier: MIT */
/* Included by wrap.c after its wrappers: it calls one. */
static void rcu_late_more(const char *why)
{
	rcu_trace_late(why);
}
