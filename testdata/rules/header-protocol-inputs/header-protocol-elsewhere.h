/* SPDX-License-Identifier: MIT */
/* For ../header-protocol-elsewhere.h: a header of the same name, with no events. */
