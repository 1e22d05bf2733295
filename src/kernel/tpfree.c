// SPDX-License-Identifier: MIT
/*
 * Calls that fire a tracepoint with an object they have just freed, or
 * whose reference they have just dropped: the tree index's 'F' and 'P'
 * calls (tpindex.h), for tracepoint-after-free.
 *
 * For each argument of a trace_NAME() call that is a plain identifier
 * x, the code before the call is read backwards, in its function, along
 * the path that reaches the call: the statements before it in its
 * block, then those before the block in the enclosing ones, up to the
 * function's opening brace.  A block before the call, { ... }, is one
 * statement: a branch that may run (an if's, an else's; not a loop's),
 * with no return, goto, break or continue in it.  The walk stops at the
 * first mention of x: if that mention is one of these, the call is
 * recorded, else (x written, passed to other code) nothing is:
 *
 *  - x handed whole to a function that frees it: kfree(x), kvfree(),
 *    kfree_sensitive(), vfree(), kmem_cache_free(cache, x),
 *    mempool_free(x, pool), blk_mq_free_request(x) (its tag and request
 *    are handed to the next I/O): 'F' when the statement is
 *    unconditional, 'P' in a branch or after an if;
 *  - x handed to what drops a reference and frees on the last one, or
 *    frees unless someone else takes over: kfree_skb() and its kin,
 *    blk_mq_end_request(), bio_put(), put_page(), folio_put(),
 *    sock_put(), iput(), dput(), fput(), put_task_struct(), mmput();
 *    put_device(&x->m), kobject_put(&x->m), kref_put(&x->m, ...),
 *    refcount_dec_and_test(&x->m) and their _lock/_sub forms: 'P';
 *  - an atomic decrement of a member of x (atomic_dec_and_test(),
 *    atomic_dec_return() ... of &x->m), when the same function frees x
 *    elsewhere, which makes that member its reference count: 'P';
 *  - x handed to a function defined in the same file that does one of
 *    the above to that parameter whatever happens, in a statement of its
 *    top level with no return or goto before it (followed through the
 *    calls of the file's functions): 'F' when it frees it, 'P' when it
 *    puts it.  A free or put in some branch of a function drops
 *    some reference, not necessarily the caller's.
 *
 * The walk also stops at a case or default label, at a return, goto,
 * break or continue statement, at an else (what precedes it is the
 * other branch), and at code in #define bodies, which is not followed.
 */
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "tpindex.h"
#include "tpindex_int.h"
#include "util.h"

enum { K_NONE, K_PUT = 'P', K_FREE = 'F', K_DEC = 'A', K_RCU = 'R' };

/* Functions that free (K_FREE) or put (K_PUT) the object given as argument arg. */
static const struct freer {
	const char *name;
	unsigned len;
	int arg;
	char kind;
	int member; /* the argument is &x->m, not x */
} freers[] = {
	{ "kfree", 5, 0, K_FREE, 0 },
	{ "kvfree", 6, 0, K_FREE, 0 },
	{ "kfree_sensitive", 15, 0, K_FREE, 0 },
	{ "kvfree_sensitive", 16, 0, K_FREE, 0 },
	{ "vfree", 5, 0, K_FREE, 0 },
	{ "kmem_cache_free", 15, 1, K_FREE, 0 },
	{ "mempool_free", 12, 0, K_FREE, 0 },
	{ "blk_mq_free_request", 19, 0, K_FREE, 0 },
	{ "kfree_skb", 9, 0, K_PUT, 0 },
	{ "kfree_skb_reason", 16, 0, K_PUT, 0 },
	{ "__kfree_skb", 11, 0, K_PUT, 0 },
	{ "consume_skb", 11, 0, K_PUT, 0 },
	{ "dev_kfree_skb", 13, 0, K_PUT, 0 },
	{ "dev_kfree_skb_any", 17, 0, K_PUT, 0 },
	{ "dev_kfree_skb_irq", 17, 0, K_PUT, 0 },
	{ "dev_consume_skb_any", 19, 0, K_PUT, 0 },
	{ "dev_consume_skb_irq", 19, 0, K_PUT, 0 },
	{ "napi_consume_skb", 16, 0, K_PUT, 0 },
	{ "blk_mq_end_request", 18, 0, K_PUT, 0 },
	{ "__blk_mq_end_request", 20, 0, K_PUT, 0 },
	{ "bio_put", 7, 0, K_PUT, 0 },
	{ "sock_put", 8, 0, K_PUT, 0 },
	{ "iput", 4, 0, K_PUT, 0 },
	{ "dput", 4, 0, K_PUT, 0 },
	{ "fput", 4, 0, K_PUT, 0 },
	{ "put_task_struct", 15, 0, K_PUT, 0 },
	{ "mmput", 5, 0, K_PUT, 0 },
	{ "put_device", 10, 0, K_PUT, 1 },
	{ "kobject_put", 11, 0, K_PUT, 1 },
	{ "put_page", 8, 0, K_PUT, 0 },
	{ "folio_put", 9, 0, K_PUT, 0 },
	{ "kref_put", 8, 0, K_PUT, 1 },
	{ "kref_put_lock", 13, 0, K_PUT, 1 },
	{ "kref_put_mutex", 14, 0, K_PUT, 1 },
	{ "refcount_dec_and_test", 21, 0, K_PUT, 1 },
	{ "__refcount_dec_and_test", 23, 0, K_PUT, 1 },
	{ "refcount_sub_and_test", 21, 1, K_PUT, 1 },
	{ "__refcount_sub_and_test", 23, 1, K_PUT, 1 },
	{ "refcount_dec_and_lock", 21, 0, K_PUT, 1 },
	{ "refcount_dec_and_lock_irqsave", 29, 0, K_PUT, 1 },
	{ "refcount_dec_and_mutex_lock", 27, 0, K_PUT, 1 },
	/* frees after a grace period: only a sign that x is freed at all */
	{ "kfree_rcu", 9, 0, K_RCU, 0 },
	{ "kvfree_rcu", 10, 0, K_RCU, 0 },
	{ "call_rcu", 8, 0, K_RCU, 1 },
	{ "atomic_dec_and_test", 19, 0, K_DEC, 1 },
	{ "atomic_dec_return", 17, 0, K_DEC, 1 },
	{ "atomic_fetch_dec", 16, 0, K_DEC, 1 },
	{ "atomic_sub_and_test", 19, 1, K_DEC, 1 },
	{ "atomic_sub_return", 17, 1, K_DEC, 1 },
	{ "atomic_long_dec_and_test", 24, 0, K_DEC, 1 },
	{ "atomic_long_dec_return", 22, 0, K_DEC, 1 },
	{ "atomic64_dec_and_test", 21, 0, K_DEC, 1 },
	{ "atomic64_dec_return", 19, 0, K_DEC, 1 },
};

/* A function defined in the file: what it does to each parameter. */
struct fn {
	const struct tok *name;
	const struct tok *params[16];
	char does[16]; /* K_NONE, K_PUT, K_FREE */
	char known[16]; /* 0: not worked out yet, 1: being worked out, 2: does[] holds it */
	int nr_params;
	size_t body, end; /* its '{' and '}' */
};

/* What the scan knows of the file it is in (scan_freed_file() forgets it). */
static struct file_facts {
	int learnt;
	int *depth; /* per token: the braces open around it */
	struct fn *fns;
	size_t nr_fns, alloc_fns;
} ff;

static int skipped(const struct tok *k)
{
	return k->def >= 0 || k->defname;
}

int tp_is_member(const struct toks *t, size_t j)
{
	const struct tok *v = t->v;

	return j && (tok_ch(&v[j - 1], '.') || (j >= 2 && tok_ch(&v[j - 1], '>') &&
						 tok_ch(&v[j - 2], '-')));
}

/* The '(' whose argument list holds token j, its argument index in *arg. */
static size_t call_of(const struct toks *t, size_t j, int *arg)
{
	int depth = 0;

	*arg = 0;
	for (size_t k = j; k-- > 0;) {
		const struct tok *x = &t->v[k];
		if (x->kind == T_RP || tok_ch(x, ']') || tok_ch(x, '}')) {
			depth++;
		} else if (x->kind == T_LP || tok_ch(x, '[') || tok_ch(x, '{')) {
			if (!depth--)
				return x->kind == T_LP && k ? k : (size_t)-1;
		} else if (x->kind == T_COMMA && !depth) {
			++*arg;
		} else if (tok_ch(x, ';')) {
			break;
		}
	}
	return (size_t)-1;
}

/* Is token j (x) the whole argument: x alone, or &x->m... as member asks? */
static int whole_arg(const struct toks *t, size_t j, int member)
{
	const struct tok *v = t->v;
	size_t k = j + 1;

	if (!member)
		return (v[j - 1].kind == T_LP || v[j - 1].kind == T_COMMA) && k < t->nr &&
		       (v[k].kind == T_RP || v[k].kind == T_COMMA);
	if (j < 2 || !tok_ch(&v[j - 1], '&') ||
	    (v[j - 2].kind != T_LP && v[j - 2].kind != T_COMMA))
		return 0;
	/* ->m, then .m or ->m ... up to the argument's end */
	int members = 0;
	while (k + 1 < t->nr) {
		if (tok_ch(&v[k], '-') && tok_ch(&v[k + 1], '>'))
			k += 2;
		else if (tok_ch(&v[k], '.'))
			k++;
		else
			break;
		if (k >= t->nr || v[k].kind != T_IDENT)
			return 0;
		k++;
		members++;
	}
	return members && k < t->nr && (v[k].kind == T_RP || v[k].kind == T_COMMA);
}

static struct fn *fn_named(const struct tok *name)
{
	for (size_t i = 0; i < ff.nr_fns; i++)
		if (tok_same(ff.fns[i].name, name))
			return &ff.fns[i];
	return NULL;
}

static char fn_does(const struct toks *t, struct fn *fn, int p);

/*
 * What the call around token j (x) does to x: a freer's kind, or a file
 * function's.  *callee: the callee's token index.
 */
static char use_kind(const struct toks *t, size_t j, size_t *callee)
{
	int arg;
	size_t lp = call_of(t, j, &arg);

	if (lp == (size_t)-1 || t->v[lp - 1].kind != T_IDENT)
		return K_NONE;
	const struct tok *f = &t->v[lp - 1];
	*callee = lp - 1;
	for (size_t i = 0; i < ARRAY_SIZE(freers); i++)
		if (f->n == freers[i].len && !memcmp(f->p, freers[i].name, f->n))
			return freers[i].arg == arg && whole_arg(t, j, freers[i].member)
				       ? freers[i].kind
				       : K_NONE;
	struct fn *fn = fn_named(f);
	if (fn && arg < fn->nr_params && whole_arg(t, j, 0))
		return fn_does(t, fn, arg);
	return K_NONE;
}

/* The start of the statement holding token c: past the last ; { } before it at its depth. */
static size_t stmt_start(const struct toks *t, size_t c)
{
	int depth = 0;

	for (size_t k = c; k-- > 0;) {
		const struct tok *x = &t->v[k];
		if (x->kind == T_RP)
			depth++;
		else if (x->kind == T_LP)
			depth--;
		else if (!depth && (tok_ch(x, ';') || tok_ch(x, '{') || tok_ch(x, '}')))
			return k + 1;
		if (depth < 0)
			return k + 1;
	}
	return 0;
}

size_t tp_close_of(const struct toks *t, size_t lp)
{
	int depth = 0;

	for (size_t k = lp; k < t->nr; k++) {
		if (t->v[k].kind == T_LP)
			depth++;
		else if (t->v[k].kind == T_RP && !--depth)
			return k;
	}
	return (size_t)-1;
}

/*
 * Is the call at c, in its statement (from the statement's start), only
 * evaluated on some paths?  The condition of an if is always evaluated:
 * if (refcount_dec_and_test(&x->ref)) puts x whatever it returns.
 */
static int conditional(const struct toks *t, size_t c)
{
	static const char *const cond[] = { "else", "while", "for", "switch", "case",
					    "default", "do", "?" };

	for (size_t k = stmt_start(t, c); k < c; k++) {
		const struct tok *x = &t->v[k];
		for (size_t i = 0; i < ARRAY_SIZE(cond); i++)
			if (tok_is(x, cond[i]))
				return 1;
		/* && and || are two tokens each */
		if (k + 1 < c && ((tok_ch(x, '&') && tok_ch(&t->v[k + 1], '&')) ||
				  (tok_ch(x, '|') && tok_ch(&t->v[k + 1], '|'))))
			return 1;
		/* an if whose condition holds the call, or not */
		if (tok_is(x, "if")) {
			if (k + 1 >= c || t->v[k + 1].kind != T_LP)
				return 1;
			size_t rp = tp_close_of(t, k + 1);
			if (rp == (size_t)-1 || rp < c)
				return 1;
		}
	}
	return 0;
}

/* Is the call at c in the condition of an if (it runs, what follows may not)? */
static int if_cond(const struct toks *t, size_t c)
{
	for (size_t k = stmt_start(t, c); k < c; k++)
		if (tok_is(&t->v[k], "if"))
			return 1;
	return 0;
}

int tp_is_exit(const struct tok *x)
{
	return tok_is(x, "return") || tok_is(x, "goto") || tok_is(x, "break") ||
	       tok_is(x, "continue");
}

/* Is x written at token j (x = ..., x++, &x handed on)? */
static int written(const struct toks *t, size_t j)
{
	const struct tok *v = t->v;
	size_t n = t->nr;

	if (j + 1 < n && tok_ch(&v[j + 1], '=') && !(j + 2 < n && tok_ch(&v[j + 2], '=')))
		return 1;
	if (j + 2 < n && ((tok_ch(&v[j + 1], '+') && tok_ch(&v[j + 2], '+')) ||
			  (tok_ch(&v[j + 1], '-') && tok_ch(&v[j + 2], '-'))))
		return 1;
	/* &x, not &x->m or &x.m */
	if (!j || !tok_ch(&v[j - 1], '&'))
		return 0;
	if (j >= 2 && (v[j - 2].kind == T_IDENT || v[j - 2].kind == T_NUM || v[j - 2].kind == T_RP))
		return 0; /* a & x */
	return !(j + 1 < n && (tok_ch(&v[j + 1], '.') || tok_ch(&v[j + 1], '[') ||
			       (tok_ch(&v[j + 1], '-') && j + 2 < n && tok_ch(&v[j + 2], '>'))));
}

/*
 * What the function whose body is (b, e) does to its identifier x:
 * K_FREE when a top-level statement frees it, K_PUT when some code may
 * free it or drops a reference, K_NONE (also when x is written: then
 * which object it names is not followed).  *freed: whether it frees x
 * at all, after a grace period too.
 */
static char body_does(const struct toks *t, size_t b, size_t e, const struct tok *x, int *freed)
{
	char does = K_NONE;
	int left = 0; /* a return or goto before: what follows may not run */

	*freed = 0;
	for (size_t j = b + 1; j < e; j++) {
		const struct tok *k = &t->v[j];
		if (!skipped(k) && (tok_is(k, "return") || tok_is(k, "goto")))
			left = 1;
		if (skipped(k) || k->kind != T_IDENT || !tok_same(k, x) || tp_is_member(t, j))
			continue;
		if (written(t, j)) {
			*freed = 0;
			return K_NONE;
		}
		size_t c = 0;
		char u = use_kind(t, j, &c);
		if (u == K_NONE)
			continue;
		*freed |= u == K_FREE || u == K_PUT || u == K_RCU;
		/*
		 * Only what the function does whatever happens: a put in some
		 * branch, or after a return that may leave before it, drops
		 * some reference, not the one its caller hands it (dlm's
		 * set_master() and the lkb of dlm_lock()).
		 */
		if (left || ff.depth[c] != ff.depth[b] + 1 || conditional(t, c))
			continue;
		if (u == K_FREE && !if_cond(t, c))
			does = K_FREE;
		else if ((u == K_FREE || u == K_PUT) && does != K_FREE)
			does = K_PUT;
	}
	return does;
}

/*
 * What fn does to its parameter p, worked out when first asked (most
 * functions of a file are never handed a traced object); a call of fn
 * inside its own working out (recursion) counts as doing nothing, and
 * so does a call TC_MAX_NESTING (ctok.h) calls deep into the file's
 * functions, which is not worked out.
 */
static char fn_does(const struct toks *t, struct fn *fn, int p)
{
	static int depth;
	int freed;

	if (fn->known[p] == 1 || !fn->params[p] || depth >= TC_MAX_NESTING)
		return K_NONE;
	if (fn->known[p] == 2)
		return fn->does[p];
	fn->known[p] = 1;
	depth++;
	fn->does[p] = body_does(t, fn->body, fn->end, fn->params[p], &freed);
	depth--;
	fn->known[p] = 2;
	return fn->does[p];
}

static void add_fn(const struct toks *t, size_t name, size_t lp, size_t rp, size_t body)
{
	const struct tok *v = t->v;
	struct fn fn = { .name = &v[name], .body = body, .end = (size_t)-1 };
	const struct tok *last = NULL;

	for (size_t k = lp + 1, depth = 0; k <= rp; k++) {
		if (v[k].kind == T_LP) {
			depth++;
		} else if (v[k].kind == T_RP && depth) {
			depth--;
		} else if ((v[k].kind == T_COMMA || k == rp) && !depth) {
			if (fn.nr_params == 16)
				return;
			fn.params[fn.nr_params++] = last;
			last = NULL;
		} else if (v[k].kind == T_IDENT && !depth) {
			last = &v[k];
		}
	}
	for (size_t k = body + 1; k < t->nr; k++)
		if (tok_ch(&v[k], '}') && ff.depth[k] == ff.depth[body]) {
			fn.end = k;
			break;
		}
	if (fn.end == (size_t)-1)
		return;
	ALLOC_GROW(ff.fns, ff.nr_fns + 1, ff.alloc_fns);
	ff.fns[ff.nr_fns++] = fn;
}

/* The file's brace depths, its functions and what each does to its parameters. */
void scan_freed_file(void)
{
	free(ff.depth);
	free(ff.fns);
	memset(&ff, 0, sizeof(ff));
}

static void learn_file(const struct toks *t);

const int *tp_brace_depths(const struct toks *t)
{
	if (!ff.learnt)
		learn_file(t);
	return ff.depth;
}

static void learn_file(const struct toks *t)
{
	const struct tok *v = t->v;
	int depth = 0;

	scan_freed_file();
	ff.learnt = 1;
	ff.depth = xcalloc(t->nr + 1, sizeof(*ff.depth));
	for (size_t k = 0; k < t->nr; k++) {
		if (skipped(&v[k])) {
			ff.depth[k] = -1;
			continue;
		}
		if (tok_ch(&v[k], '}') && depth)
			depth--;
		ff.depth[k] = depth;
		if (tok_ch(&v[k], '{'))
			depth++;
	}
	/* function bodies: a '{' at depth 0 after NAME(...) and attributes */
	for (size_t k = 1; k < t->nr; k++) {
		if (ff.depth[k] || !tok_ch(&v[k], '{'))
			continue;
		size_t rp = k - 1;
		while (v[rp].kind == T_RP) {
			size_t lp = open_of(t, rp, '(', ')');
			if (lp == (size_t)-1 || !lp || v[lp - 1].kind != T_IDENT)
				break;
			const struct tok *n = &v[lp - 1];
			if (n->n > 2 && !memcmp(n->p, "__", 2) && lp >= 2 && v[lp - 2].kind == T_RP) {
				rp = lp - 2; /* __releases(x), __attribute__((...)) */
				continue;
			}
			if (!tok_is(n, "if") && !tok_is(n, "while") && !tok_is(n, "for") &&
			    !tok_is(n, "switch") && !skipped(n))
				add_fn(t, lp - 1, lp, rp, k);
			break;
		}
	}
}

/* The function body holding token i: its '{' and '}', or 0. */
static int body_of(const struct toks *t, size_t i, size_t *b, size_t *e)
{
	for (size_t k = i; k-- > 0;)
		if (ff.depth[k] == 0 && tok_ch(&t->v[k], '{')) {
			for (size_t j = 0; j < ff.nr_fns; j++)
				if (ff.fns[j].body == k && ff.fns[j].end > i) {
					*b = k;
					*e = ff.fns[j].end;
					return 1;
				}
			return 0;
		}
	return 0;
}

/*
 * In the block (o, c), run before the call as one branch: a free or put
 * of x.  Its token in *at; -1 when x is written there (the walk stops).
 */
static char in_branch(const struct toks *t, size_t o, size_t c, const struct tok *x, size_t *at)
{
	const struct tok *v = t->v;

	/* a loop's body or a do's runs again: not followed */
	if (o && tok_is(&v[o - 1], "do"))
		return K_NONE;
	if (o && v[o - 1].kind == T_RP) {
		size_t lp = open_of(t, o - 1, '(', ')');
		if (lp == (size_t)-1 || !lp || !tok_is(&v[lp - 1], "if"))
			return K_NONE;
	} else if (!o || !tok_is(&v[o - 1], "else")) {
		return K_NONE;
	}
	char found = K_NONE;
	for (size_t j = o + 1; j < c; j++) {
		if (skipped(&v[j]))
			continue;
		if (tp_is_exit(&v[j]) || tok_is(&v[j], "case") || tok_is(&v[j], "default"))
			return K_NONE;
		if (v[j].kind != T_IDENT || !tok_same(&v[j], x) || tp_is_member(t, j))
			continue;
		if (written(t, j))
			return -1;
		size_t callee;
		char u = use_kind(t, j, &callee);
		if ((u == K_FREE || u == K_PUT) && !found) {
			found = K_PUT;
			*at = callee;
		}
	}
	return found;
}

/* The free or put of x on the path to the call at i: its kind, its callee in *at. */
static char freed_before(const struct toks *t, size_t i, const struct tok *x, size_t *at)
{
	const struct tok *v = t->v;
	int other_branch = 0;

	for (size_t j = i; j-- > 0;) {
		const struct tok *k = &v[j];
		if (skipped(k))
			continue;
		if (tok_ch(k, '}')) {
			size_t o = open_of(t, j, '{', '}');
			if (o == (size_t)-1 || ff.depth[o] != ff.depth[j])
				return K_NONE;
			if (!other_branch) {
				char b = in_branch(t, o, j, x, at);
				if (b)
					return b == (char)-1 ? K_NONE : b;
			}
			other_branch = 0;
			j = o;
			continue;
		}
		if (tok_ch(k, '{')) {
			if (!ff.depth[j])
				return K_NONE; /* the function's start */
			continue;
		}
		if (tok_is(k, "else")) {
			if (!j || !tok_ch(&v[j - 1], '}'))
				return K_NONE;
			other_branch = 1;
			continue;
		}
		if (tok_is(k, "case") || tok_is(k, "default"))
			return K_NONE;
		if (tp_is_exit(k) && j && (tok_ch(&v[j - 1], ';') || tok_ch(&v[j - 1], '{') ||
					tok_ch(&v[j - 1], '}') || tok_ch(&v[j - 1], ':')))
			return K_NONE;
		if (k->kind != T_IDENT || !tok_same(k, x) || tp_is_member(t, j))
			continue;
		/* the first mention of x before the call decides */
		char u = written(t, j) ? K_NONE : use_kind(t, j, at);
		if (u == K_DEC) {
			/* a reference count if the function frees x on its last reference */
			size_t b, e;
			int freed = 0;
			if (body_of(t, i, &b, &e))
				body_does(t, b, e, x, &freed);
			return freed ? K_PUT : K_NONE;
		}
		if (u == K_FREE && conditional(t, *at))
			return K_PUT;
		return u == K_FREE || u == K_PUT ? u : K_NONE;
	}
	return K_NONE;
}

/* The text of the call whose name is at c, up to its ')'. */
static size_t call_len(const struct toks *t, size_t c)
{
	int depth = 0;

	for (size_t k = c + 1; k < t->nr; k++) {
		if (t->v[k].kind == T_LP)
			depth++;
		else if (t->v[k].kind == T_RP && !--depth)
			return (size_t)(t->v[k].p + 1 - t->v[c].p);
	}
	return t->v[c].n;
}

void scan_freed_args(struct strbuf *rec, const struct toks *t, const char *text, size_t i,
		     const struct tok *name, size_t nl, const size_t *starts, const size_t *ends,
		     size_t na)
{
	for (size_t a = 0; a < na; a++) {
		const struct tok *x = &t->v[starts[a]];
		if (ends[a] != starts[a] + 1 || x->kind != T_IDENT || tok_is(x, "NULL"))
			continue;
		if (!ff.learnt)
			learn_file(t);
		size_t at = 0;
		char kind = freed_before(t, i, x, &at);
		if (kind != K_FREE && kind != K_PUT)
			continue;
		add_badcall(rec, name, nl, text, (unsigned)na, (unsigned)a, x, kind, t->v[at].p,
			    t->v[at].p, call_len(t, at));
	}
}
