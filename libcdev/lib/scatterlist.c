/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - scatterlists over plain memory, after lib/scatterlist.c:
 * walking a list across its chains, and copies between a list and a buffer.
 * An entry's memory is sg_virt(): contiguous in the process, whatever its
 * length.
 */
#include <errno.h>
#include <string.h>

#include "core/core.h"
#include <libcdev/scatterlist.h>

_public_ struct scatterlist *sg_next(struct scatterlist *sg)
{
	if (sg_is_last(sg))
		return NULL;
	sg++;
	if (sg_is_chain(sg))
		sg = sg_chain_ptr(sg);
	return sg;
}

_public_ int sg_nents(struct scatterlist *sg)
{
	int n = 0;

	for (; sg; sg = sg_next(sg))
		n++;
	return n;
}

_public_ int sg_nents_for_len(struct scatterlist *sg, unsigned long long len)
{
	unsigned long long total = 0;
	int n = 0;

	if (!len)
		return 0;
	for (; sg; sg = sg_next(sg)) {
		n++;
		total += sg->length;
		if (total >= len)
			return n;
	}
	return -EINVAL;
}

_public_ struct scatterlist *sg_last(struct scatterlist *sgl, unsigned int nents)
{
	struct scatterlist *sg, *ret = NULL;
	unsigned int i;

	for_each_sg(sgl, sg, nents, i) ret = sg;
	return ret;
}

_public_ void sg_init_table(struct scatterlist *sgl, unsigned int nents)
{
	memset(sgl, 0, sizeof(*sgl) * nents);
	if (nents)
		sg_mark_end(&sgl[nents - 1]);
}

_public_ void sg_init_one(struct scatterlist *sg, const void *buf, unsigned int buflen)
{
	sg_init_table(sg, 1);
	sg_set_buf(sg, buf, buflen);
}

enum sg_copy_dir { SG_TO_LIST, SG_FROM_LIST, SG_ZERO };

/* Up to @buflen bytes between @buf and the list's memory after @skip of it. */
static size_t sg_copy(struct scatterlist *sgl, unsigned int nents, void *buf, size_t buflen,
		      unsigned long long skip, enum sg_copy_dir dir)
{
	struct scatterlist *sg;
	size_t done = 0;
	unsigned int i;

	/* A list shorter than @nents ends the copy, as the kernel's iterator does. */
	for (sg = sgl, i = 0; sg && i < nents && done < buflen; sg = sg_next(sg), i++) {
		char *mem = sg_virt(sg);
		size_t n = sg->length;

		if (skip >= n) {
			skip -= n;
			continue;
		}
		mem += skip;
		n -= skip;
		skip = 0;
		if (n > buflen - done)
			n = buflen - done;
		if (dir == SG_TO_LIST)
			memcpy(mem, (const char *)buf + done, n);
		else if (dir == SG_FROM_LIST)
			memcpy((char *)buf + done, mem, n);
		else
			memset(mem, 0, n);
		done += n;
	}
	return done;
}

_public_ size_t sg_pcopy_from_buffer(struct scatterlist *sgl, unsigned int nents, const void *buf,
				     size_t buflen, unsigned long long skip)
{
	return sg_copy(sgl, nents, (void *)buf, buflen, skip, SG_TO_LIST);
}

_public_ size_t sg_pcopy_to_buffer(struct scatterlist *sgl, unsigned int nents, void *buf,
				   size_t buflen, unsigned long long skip)
{
	return sg_copy(sgl, nents, buf, buflen, skip, SG_FROM_LIST);
}

_public_ size_t sg_copy_from_buffer(struct scatterlist *sgl, unsigned int nents, const void *buf,
				    size_t buflen)
{
	return sg_copy(sgl, nents, (void *)buf, buflen, 0, SG_TO_LIST);
}

_public_ size_t sg_copy_to_buffer(struct scatterlist *sgl, unsigned int nents, void *buf,
				  size_t buflen)
{
	return sg_copy(sgl, nents, buf, buflen, 0, SG_FROM_LIST);
}

_public_ size_t sg_zero_buffer(struct scatterlist *sgl, unsigned int nents, size_t buflen,
			       unsigned long long skip)
{
	return sg_copy(sgl, nents, NULL, buflen, skip, SG_ZERO);
}
