/* SPDX-License-Identifier: MIT */
/* stand-in: one of the headers of tracecheck's precompiled prelude */
