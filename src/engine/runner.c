// SPDX-License-Identifier: MIT
#include "runner.h"

#include <errno.h>
#include <fcntl.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "strbuf.h"
#include "util.h"

struct slot {
	pid_t pid; /* 0: free */
	int fd;	   /* the read end of its pipe; -1 once at its end */
	size_t file;
	double started;
	int timeout; /* this file's limit, 0: none */
	int killed;  /* over it */
	struct strbuf data;
};

struct run {
	const struct tc_run_options *o;
	struct slot *slots;
	unsigned char *done;	/* per file: collected */
	unsigned char *started; /* per file: its worker started */
	size_t n, next, emitted, running, finished, findings;
	double t0;
};

/* The first file not started whose wait is over, or r->n. */
static size_t next_ready(const struct run *r)
{
	for (size_t i = r->next; i < r->n; i++) {
		if (r->started[i])
			continue;
		size_t j = r->o->waits_for ? r->o->waits_for(i, r->o->ctx) : i;
		if (j == i || j >= r->n || r->done[j])
			return i;
	}
	return r->n;
}

static void start(struct run *r, struct slot *s, size_t i)
{
	const struct tc_run_options *o = r->o;
	int fd[2];

	r->started[i] = 1;
	while (r->next < r->n && r->started[r->next])
		r->next++;

	fflush(stdout);
	fflush(stderr);
	if (pipe2(fd, O_CLOEXEC))
		die("pipe: %s", strerror(errno));
	pid_t pid = fork();
	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (!pid) {
		close(fd[0]);
		o->work(i, o->ctx, fd[1]);
		/* the parent owns the shared state (the kernel tree's temporary files) */
		_exit(0);
	}
	close(fd[1]);
	fcntl(fd[0], F_SETFL, fcntl(fd[0], F_GETFL) | O_NONBLOCK);
	s->pid = pid;
	s->fd = fd[0];
	s->file = i;
	s->started = tc_now();
	s->killed = 0;
	s->timeout = o->timeout_of ? o->timeout_of(i, o->ctx) : o->timeout;
	strbuf_reset(&s->data);
	r->running++;
}

/* Read what s's worker wrote, until there is no more for now; at its end, close it. */
static void drain(struct slot *s)
{
	char buf[65536];

	while (s->fd >= 0) {
		ssize_t k = read(s->fd, buf, sizeof(buf));
		if (k > 0) {
			strbuf_add(&s->data, buf, (size_t)k);
			/* a result handed over: the next one has the whole limit (runner.h) */
			s->started = tc_now();
			continue;
		}
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0 && errno == EAGAIN)
			return;
		close(s->fd);
		s->fd = -1;
	}
}

/* Wait a little for the workers to write. */
static void wait_some(struct run *r)
{
	struct pollfd *p = xcalloc((size_t)r->o->jobs, sizeof(*p));
	int np = 0;

	for (int k = 0; k < r->o->jobs; k++)
		if (r->slots[k].pid && r->slots[k].fd >= 0)
			p[np++] = (struct pollfd){ r->slots[k].fd, POLLIN, 0 };
	if (poll(p, (nfds_t)np, 5) < 0 && errno != EINTR)
		die("poll: %s", strerror(errno));
	free(p);
	for (int k = 0; k < r->o->jobs; k++)
		if (r->slots[k].pid)
			drain(&r->slots[k]);
}

static void progress(const struct run *r)
{
	if (!r->o->progress)
		return;
	double el = tc_now() - r->t0;
	double eta = r->finished ? el / (double)r->finished * (double)(r->n - r->finished) : 0;
	fprintf(stderr, "\r%zu/%zu files, %zu findings, %.0f s, ETA %.0f s ", r->finished, r->n,
		r->findings, el, eta);
	if (r->finished == r->n)
		fputs("\r\033[K", stderr);
	fflush(stderr);
}

/* The worker of s has ended with wait status st: hand its result over. */
static void finish(struct run *r, struct slot *s, int st)
{
	struct tc_worker_end end = { 0 };

	drain(s); /* what it wrote before it ended (a child of it may hold the pipe open) */
	end.data = s->data.buf ? s->data.buf : "";
	end.len = s->data.len;
	end.signal = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
	end.exit_code = WIFEXITED(st) ? WEXITSTATUS(st) : 0;
	end.timeout = s->killed ? s->timeout : 0;
	end.interrupted = end.signal && !s->killed && !tc_signal_is_crash(end.signal);
	r->findings += r->o->collect(s->file, &end, r->o->ctx);
	r->done[s->file] = 1;
	if (s->fd >= 0)
		close(s->fd);
	s->fd = -1;
	s->pid = 0;
	r->running--;
	r->finished++;
	progress(r);
}

static void reap(struct run *r)
{
	for (int k = 0; k < r->o->jobs; k++) {
		struct slot *s = &r->slots[k];
		int st;
		if (!s->pid)
			continue;
		pid_t pid = waitpid(s->pid, &st, WNOHANG);
		if (pid < 0 && errno != EINTR)
			die("waitpid: %s", strerror(errno));
		if (pid == s->pid)
			finish(r, s, st);
		else if (s->timeout && !s->killed && tc_now() - s->started > s->timeout) {
			kill(s->pid, SIGKILL);
			s->killed = 1;
		}
	}
}

/* File i is done without a worker of its own, with findings findings. */
static void done_here(struct run *r, size_t i, size_t findings)
{
	r->started[i] = r->done[i] = 1;
	while (r->next < r->n && r->started[r->next])
		r->next++;
	r->findings += findings;
	r->finished++;
	progress(r);
}

void tc_run_files(size_t n, const struct tc_run_options *o)
{
	struct run r = { 0 };

#ifdef __GLIBC__
	/*
	 * The heap's free pages back to the system first (what the texts read
	 * to warm the workers' state left, 30 MB in a sweep of 6.12): each
	 * worker forked would carry them in its resident set.
	 */
	malloc_trim(0);
#endif
	r.o = o;
	r.slots = xcalloc((size_t)o->jobs, sizeof(*r.slots));
	r.done = xcalloc(n + 1, 1);
	r.started = xcalloc(n + 1, 1);
	r.n = n;
	r.t0 = tc_now();
	for (int k = 0; k < o->jobs; k++)
		r.slots[k].fd = -1;
	while (r.emitted < n) {
		for (int k = 0; k < o->jobs && r.next < n; k++) {
			size_t i;
			while (!r.slots[k].pid && (i = next_ready(&r)) < n) {
				size_t f = 0;
				if (o->here && (!o->collected || !o->collected(i, o->ctx)) &&
				    o->here(i, o->ctx, &f)) {
					done_here(&r, i, f);
					continue;
				}
				if (!o->collected || !o->collected(i, o->ctx)) {
					start(&r, &r.slots[k], i);
					break;
				}
				/* given by another file's worker */
				done_here(&r, i, 0);
			}
		}
		if (r.running)
			wait_some(&r);
		reap(&r);
		/* print what is complete, in order */
		while (r.emitted < n && r.done[r.emitted]) {
			if (o->progress)
				fputs("\r\033[K", stderr);
			o->emit(r.emitted++, o->ctx);
			fflush(stdout);
			fflush(stderr);
			if (r.emitted < n)
				progress(&r);
		}
	}
	for (int k = 0; k < o->jobs; k++)
		strbuf_release(&r.slots[k].data);
	free(r.slots);
	free(r.done);
	free(r.started);
}
