// SPDX-License-Identifier: MIT
/*
 * tracepoint-after-free: an event whose TP_fast_assign() (or whose
 * __string() source, dynamic array length ...) reads through a
 * TP_PROTO() argument, while some caller in the tree fires it after
 * freeing that object, or after dropping its own reference to it.  The
 * probe runs only while the event is enabled, and then reads freed
 * memory: garbage in the record, or a KASAN report, or an oops.
 *
 * Tree mode only: the callers come from the tree's tracepoint index,
 * whose scan (src/kernel/tpfree.c) reads the code before each
 * trace_NAME() call backwards along the path that reaches it and records
 * the calls where the first mention of a plain-identifier argument x
 * before the call frees it (kfree(x), kmem_cache_free(c, x),
 * blk_mq_free_request(x) ...: 'F', or 'P' under a condition), drops a
 * reference (kfree_skb(x), kref_put(&x->m, ...),
 * refcount_dec_and_test(&x->m) ..., an atomic decrement of &x->m in a
 * function that also frees x: 'P'), or hands x to a function of the same
 * file that does.  The header side is tracepoint-null-arg's
 * (src/engine/argread.c): reads at the top level of TP_fast_assign() or
 * in a field's source.  A free is an error, a put one level lower: after
 * a put the object lives on while some other reference does.
 *
 * Not covered: frees in functions of other files (rxrpc_put_call() from
 * conn_object.c), kfree_rcu() and call_rcu() (the object lives until a
 * grace period), a pointer field's target read by TP_printk() after the
 * record is written (printk-unsafe-deref's), events with a
 * TP_CONDITION().
 */
#include <stdlib.h>
#include <string.h>

#include "argread.h"
#include "rules.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"An event whose TP_fast_assign() reads through a TP_PROTO() argument -\n"
		"p->member, p[i], *p, or p handed to strlen(), strcpy(), strscpy() or\n"
		"dev_name() in a top-level statement - or whose TP_STRUCT__entry() does\n"
		"(a __string() source such as p->name), while a caller in the kernel\n"
		"tree fires it right after freeing p (an error) or after dropping its\n"
		"reference to p (a warning). Tree mode only (--kernel-tree, or a header\n"
		"inside a kernel tree).\n"
		"\n"
		"The caller's code is read backwards from the call along the path that\n"
		"reaches it, to the first mention of p. kfree(p), kvfree(p),\n"
		"kmem_cache_free(cache, p), mempool_free(p, pool) or\n"
		"blk_mq_free_request(p) in an unconditional statement is a free. The\n"
		"same under an if is a put, and so are kfree_skb(p) and its kin,\n"
		"blk_mq_end_request(p), bio_put(p), put_page(p), folio_put(p),\n"
		"sock_put(p), iput(p), dput(p), fput(p), put_task_struct(p), mmput(p),\n"
		"put_device(&p->m), kobject_put(&p->m), kref_put(&p->m, ...),\n"
		"refcount_dec_and_test(&p->m), and an atomic decrement of &p->m in a\n"
		"function that also frees p. A function of the caller's own file that\n"
		"frees or puts its parameter whatever happens, at its top level with no\n"
		"return before, counts as well.",
	.why =
		"The probe only runs while the event is enabled, and then reads the\n"
		"object after it is gone: a freed request or skb recycled for the next\n"
		"I/O records another one's values, a freed slab object garbage, and\n"
		"with KASAN or a poisoned slab the kernel reports a use after free in\n"
		"trace_event_raw_event_NAME() or perf_trace_NAME(). After a put the\n"
		"caller holds no reference: whether the object lives on depends on\n"
		"other CPUs.",
	.kernel =
		"Modelled on rxrpc's \"Fix trace-after-put looking at the put peer\n"
		"record\" and its call and connection twins (2019): rxrpc_put_peer()\n"
		"did n = atomic_dec_return(&peer->usage) and then\n"
		"trace_rxrpc_peer(peer, ...), whose TP_fast_assign() reads\n"
		"peer->debug_id, while another CPU could free the peer; the fix reads\n"
		"debug_id before the put and passes that. That shape put back into\n"
		"6.12 (rxrpc_peer taking the peer, rxrpc_put_peer() firing it after\n"
		"__refcount_dec_and_test(&peer->ref, &r)) gives the warning on the put,\n"
		"and none on the four callers that fire it holding a reference. In 6.12,\n"
		"fs/nfsd/trace.h nfsd_file_gc_in_use reads nf->nf_inode, and\n"
		"nfsd_file_lru_cb() (fs/nfsd/filecache.c) fires it right after dropping\n"
		"the LRU's reference with refcount_dec_and_test(&nf->nf_ref) (a warning);\n"
		"7.2 tests refcount_dec_if_one() there and keeps the reference. Quiet in\n"
		"7.2: khugepaged's trace_mm_khugepaged_collapse_file() after\n"
		"folio_put(new_folio) records new_folio ? folio_pfn(new_folio) : -1, no\n"
		"read through it.",
	.example =
		"/* the caller: read what the event needs before the put */\n"
		"debug_id = peer->debug_id;\n"
		"dead = __refcount_dec_and_test(&peer->ref, &r);\n"
		"trace_rxrpc_peer(debug_id, r - 1, why);\n"
		"if (dead)\n"
		"\t__rxrpc_put_peer(peer);\n",
	.fix =
		"None: fire the event before the free or put, or read what it records\n"
		"before and pass that instead of the pointer. Silence one event with\n"
		"--ignore tracepoint-after-free:EVENT.",
};

static void report(struct tc_check *ck, const struct tc_event *e, const char *param,
		   const struct tc_argread *d, const char *where,
		   const struct tc_tp_badarg *calls, const size_t *idx, size_t nr)
{
	int freed = 0;

	for (size_t k = 0; k < nr; k++)
		freed |= calls[idx[k]].kind == 'F';
	const char *msg = "event '%s' reads through its argument '%s' (%s in %s), but %s";
	struct tc_diag *dg =
		freed ? tc_report(ck, e->loc, msg, e->name, param, d->text, where,
				  "a caller fires it after freeing that object: the probe reads "
				  "freed memory")
		      : tc_report_lower(ck, e->loc, msg, e->name, param, d->text, where,
					"a caller fires it after it may be freed (a put, or a "
					"free under a condition): the object may be gone");
	tc_diag_subject(dg, TC_SCOPE_EVENT, e->name, TC_ELEM_NONE, NULL, 0);
	for (size_t k = 0; k < nr && k < 4; k++) {
		const struct tc_tp_badarg *c = &calls[idx[k]];
		/* the first call: where the fix goes */
		tc_diag_note_as(dg, k ? TC_NOTE_EVIDENCE : TC_NOTE_LOCUS, tc_caller_loc(ck, c),
				"trace_%s() is fired after %s on line %u, with %s as argument '%s'",
				e->name, c->text, c->test_line,
				c->kind == 'F' ? "the freed object"
					       : "an object that may be freed by then",
				param);
	}
	if (nr > 4)
		tc_diag_note(dg, e->loc, "and %zu more calls", nr - 4);
	tc_diag_advise(dg, e->loc,
		       "fire the event before the free or put, or record what it needs before "
		       "and pass that");
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	tc_check_bad_args(ck, h, "FP", report);
}

const struct tc_rule rule_tracepoint_after_free = {
	.name = "tracepoint-after-free",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "an event reads through an argument some caller in the tree has just freed or "
		   "put (tree mode)",
	.doc = &doc,
	.check = check,
	.needs = TC_NEED_TREE_INDEX,
};
