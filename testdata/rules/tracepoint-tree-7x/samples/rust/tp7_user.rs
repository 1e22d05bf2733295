// SPDX-License-Identifier: MIT
//! A user of drivers/tp7rs's tracepoints, in another directory.

fn work() {
    // SAFETY: Always safe to call.
    unsafe { tp7rs::trace::tp7_rust_pub(1) };
    // private to drivers/tp7rs: not this tp7_rust_private()
    unsafe { tp7_rust_private(2) };
}
