/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - kernel/capability.c:
 * capable(): the effective capabilities of the caller of the request,
 * read once per task from /proc.
 */
#include <stdio.h>

#include "core/core.h"
#include "backend/backend.h"

_public_ bool capable(int cap)
{
	struct task_struct *t = task_current();
	unsigned long long caps = 0;
	char path[64], line[256];
	FILE *f;

	if (cap < 0 || cap > 63)
		return false;
	if (!t->cap_known) {
		snprintf(path, sizeof(path), "/proc/%d/status", (int)t->pid);
		f = fopen(path, "re");
		if (!f)
			return false; /* cannot tell: deny, as the safe answer */
		while (fgets(line, sizeof(line), f))
			if (sscanf(line, "CapEff: %llx", &caps) == 1)
				break;
		fclose(f);
		t->cap_effective = caps;
		t->cap_known = 1;
	}
	return t->cap_effective & (1ULL << cap);
}
