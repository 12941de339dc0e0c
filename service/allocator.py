"""The C allocator told to keep what a request frees, for the next request.

A large answer (10,000 hands: 1.8 MB of JSON, written twice) lives in a few large blocks. glibc's malloc gives
such blocks their own pages (``mmap``) or trims them off the heap once freed, so every request faults fresh,
zeroed pages in again: some 200 page faults a megabyte, a tenth of such a request's time. Fixed thresholds
(``mallopt``) keep blocks below 32 MB on the heap and the heap's free top below 64 MB in the process, as the
worker's own memory for the next request. Where the allocator is not glibc's, or the operator has set
``MALLOC_MMAP_THRESHOLD_`` or ``MALLOC_TRIM_THRESHOLD_``, nothing changes.
"""

from __future__ import annotations

import ctypes
import os

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 32 << 20
"""Blocks below this come from the heap (glibc's most for a fixed threshold on 64 bits)."""
TRIM_THRESHOLD = 64 << 20
"""Free memory at the heap's top kept in the process up to this."""
OPERATOR_SETTINGS = ("MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_")


def keep_freed_memory() -> bool:
    """Set the thresholds; whether they were set."""
    if any(name in os.environ for name in OPERATOR_SETTINGS):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # no C library by that name, or one without mallopt (musl)
        return False
    mallopt.argtypes, mallopt.restype = (ctypes.c_int, ctypes.c_int), ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD))
