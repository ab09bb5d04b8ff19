# ---- the ioctl benchmark: make bench-ioctl (in the test VM) ----
# libcdev (direct access to the caller) against a raw libfuse CUSE server
# using the retry protocol, 64 bytes in and out per call. The programs are
# built with make check too (small), so they keep compiling.
IOCTL_BENCH_PROGS = bench/ioctl-drv bench/ioctl-raw bench/ioctl-bench
check_PROGRAMS += $(IOCTL_BENCH_PROGS)

bench_ioctl_drv_SOURCES = bench/ioctl-drv.c bench/ioctl-bench.h
bench_ioctl_drv_LDADD = libcdev/libcdev.la
bench_ioctl_raw_SOURCES = bench/ioctl-raw.c bench/ioctl-bench.h
bench_ioctl_raw_CPPFLAGS = $(AM_CPPFLAGS) $(FUSE3_CFLAGS)
bench_ioctl_raw_LDADD = $(FUSE3_LIBS)
bench_ioctl_bench_SOURCES = bench/ioctl-bench.c bench/ioctl-bench.h

EXTRA_DIST += bench/ioctl-bench.sh bench/ioctl-bench.mk

bench-ioctl: $(IOCTL_BENCH_PROGS)
	@BENCH_BUILDDIR='$(abs_top_builddir)/bench'; \
	VM_RUN_ENV='BENCH_BUILDDIR BENCH_OPS BENCH_REPEAT'; \
	VM_CACHE="$${VM_CACHE:-$(abs_top_builddir)/vm-cache}"; \
	export BENCH_BUILDDIR VM_RUN_ENV VM_CACHE; \
	$(top_srcdir)/tests/vm/vm-run --timeout $${BENCH_TIMEOUT:-1800} -- \
		$(abs_top_srcdir)/bench/ioctl-bench.sh

.PHONY: bench-ioctl
