/* SPDX-License-Identifier: MIT */
/* --dump-model: the event model as stable text, for tests and debugging. */
#ifndef TC_DUMP_H
#define TC_DUMP_H

#include <stdio.h>

#include "model.h"

void tc_dump_model(const struct tc_header *h, FILE *out);

#endif
