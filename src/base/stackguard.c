// SPDX-License-Identifier: MIT
#include "stackguard.h"

#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "util.h"

/* Below the stack, inaccessible: a frame larger than this could jump over it. */
#define GUARD_BELOW ((size_t)1 << 20)
/* The handler's own stack. */
#define ALT_STACK ((size_t)256 << 10)

static const int caught[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT };

struct guard {
	void (*fn)(void *);
	void *arg;
	uintptr_t below, lo; /* the inaccessible region [below, lo), the stack above lo */
	char *alt;
	pid_t pid; /* a child forked inside fn is not guarded: it has no one to jump back to */
	sigjmp_buf jb;
	volatile sig_atomic_t foreign;
	volatile sig_atomic_t end;
};

static __thread struct guard *current;
/* how many runs were jumped out of, in this process */
static unsigned cut_short;
static struct sigaction before[ARRAY_SIZE(caught)];

static void on_fault(int sig, siginfo_t *si, void *uc)
{
	struct guard *g = current;
	uintptr_t a = (uintptr_t)si->si_addr;

	(void)uc;
	if (g && getpid() == g->pid) {
		/* the kernel's fault in the region below the stack, or just under it */
		int overflow = (sig == SIGSEGV || sig == SIGBUS) && si->si_code > 0 &&
			       a < g->lo && a + GUARD_BELOW >= g->below;
		if (overflow || g->foreign) {
			g->end = overflow ? TC_GUARD_OVERFLOW : TC_GUARD_CRASH;
			siglongjmp(g->jb, 1);
		}
	}
	/* not one to catch: as if the guard were not there (a fault recurs, a raise() is redone) */
	for (size_t i = 0; i < ARRAY_SIZE(caught); i++)
		if (caught[i] == sig)
			sigaction(sig, &before[i], NULL);
	if (si->si_code <= 0)
		raise(sig);
}

static void *guarded(void *v)
{
	struct guard *g = v;
	stack_t ss = { .ss_sp = g->alt, .ss_size = ALT_STACK, .ss_flags = 0 };
	stack_t off = { .ss_flags = SS_DISABLE };

	sigaltstack(&ss, NULL);
	current = g;
	if (!sigsetjmp(g->jb, 1))
		g->fn(g->arg);
	current = NULL;
	sigaltstack(&off, NULL);
	return NULL;
}

void tc_guard_foreign(int on)
{
	if (current)
		current->foreign = on;
}

enum tc_guard_end tc_guard_run(void (*fn)(void *), void *arg)
{
	struct guard g = { .fn = fn, .arg = arg, .pid = getpid(), .end = TC_GUARD_DONE };
	size_t size = GUARD_BELOW + TC_GUARD_STACK;
	char *base = mmap(NULL, size + ALT_STACK, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
	pthread_attr_t attr;
	pthread_t t;

	if (base == MAP_FAILED || mprotect(base, GUARD_BELOW, PROT_NONE)) {
		/* no room for a stack of its own: unguarded, as before */
		if (base != MAP_FAILED)
			munmap(base, size + ALT_STACK);
		fn(arg);
		return TC_GUARD_DONE;
	}
	g.below = (uintptr_t)base;
	g.lo = (uintptr_t)base + GUARD_BELOW;
	g.alt = base + size;
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < ARRAY_SIZE(caught); i++)
		sigaction(caught[i], &sa, &before[i]);
	int ok = !pthread_attr_init(&attr);
	ok = ok && !pthread_attr_setstack(&attr, base + GUARD_BELOW, TC_GUARD_STACK);
	ok = ok && !pthread_create(&t, &attr, guarded, &g);
	if (ok)
		pthread_join(t, NULL);
	if (g.end != TC_GUARD_DONE)
		cut_short++;
	pthread_attr_destroy(&attr);
	for (size_t i = 0; i < ARRAY_SIZE(caught); i++)
		sigaction(caught[i], &before[i], NULL);
	if (!ok)
		fn(arg);
	munmap(base, size + ALT_STACK);
	return (enum tc_guard_end)g.end;
}

unsigned tc_guard_cut_short(void)
{
	return cut_short;
}
