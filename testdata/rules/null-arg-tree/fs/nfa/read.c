// SPDX-License-Identifier: MIT
/* The instantiator of nfa.h, and its callers. */
#include <linux/types.h>

#define CREATE_TRACE_POINTS
#include <trace/events/nfa.h>

struct nfa_request *nfa_lookup(int key);
struct nfa_request *nfa_alloc(int key);
int nfa_check(int key);

/* netfs_write_begin()'s failure of ->check_write_begin() */
int nfa_write_begin(int key)
{
	int ret = nfa_check(key);

	if (ret < 0) {
		trace_nfa_failure(NULL, NULL, ret);
		return ret;
	}
	return 0;
}

/* handshake_req_cancel(): the request was not found */
int nfa_cancel(int key)
{
	struct nfa_request *req = nfa_lookup(key);

	if (!req) {
		trace_nfa_cancel_none(req, -2);
		return 0;
	}
	trace_nfa_get_name(req, 0);
	return 1;
}

void nfa_put(int key)
{
	struct nfa_request *req = nfa_lookup(key);

	if (req) {
		trace_nfa_get_name(req, 0);
	} else {
		trace_nfa_put_name(req, -2);
	}
	trace_nfa_reset(NULL);
	trace_nfa_cond(NULL);
	trace_nfa_tested(NULL);
	trace_nfa_macro(NULL);
	trace_nfa_default(NULL);
}

#define NFA_READ_NONE(pos) trace_nfa_read(NULL, pos)

void nfa_read_pos(unsigned long pos)
{
	struct nfa_request *req = nfa_lookup(0);

#if 0
	trace_nfa_read(NULL, pos);
#endif
	if (req == NULL) {
		req = nfa_alloc(0);
		trace_nfa_read(req, pos);
	}
	/* trace_nfa_read(NULL, pos) was here */
	trace_nfa_read(req, pos);
}
