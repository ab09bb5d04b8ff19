/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - lib/list_sort.c: list_sort(), a bottom-up merge sort of a
 * doubly linked list. Like the kernel's it needs no memory but a few words
 * of stack, and it is stable: of two nodes that compare equal, the one that
 * came first stays first, which callers that sort by one key of several
 * count on.
 *
 * While sorting, the nodes are a NULL-terminated list linked by ->next;
 * runs[k] holds a sorted run of 2^k nodes, all of them earlier in the input
 * than the nodes of runs[j] for j < k and than the node being placed, so a
 * merge always puts the run of runs[k] first. The ->prev links are made
 * again at the end.
 */
#include <stddef.h>

#include "core/core.h"
#include <libcdev/sort.h>

typedef int (*cmp_fn)(void *priv, const struct list_head *a, const struct list_head *b);

/* The NULL-terminated sorted lists @a and @b merged; @a's nodes win ties. */
static struct list_head *merge(void *priv, cmp_fn cmp, struct list_head *a, struct list_head *b)
{
	struct list_head *head = NULL, **tail = &head;

	while (a && b) {
		struct list_head **first = cmp(priv, a, b) <= 0 ? &a : &b;

		*tail = *first;
		tail = &(*first)->next;
		*first = (*first)->next;
	}
	*tail = a ? a : b;
	return head;
}

/* @head's ring rebuilt around the NULL-terminated, non-empty @list, ->prev links included. */
static void relink(struct list_head *head, struct list_head *list)
{
	struct list_head *prev = head;

	head->next = list;
	for (; list; prev = list, list = list->next)
		list->prev = prev;
	prev->next = head;
	head->prev = prev;
}

_public_ void list_sort(void *priv, struct list_head *head, cmp_fn cmp)
{
	/* runs[k] holds 2^k nodes: 64 levels are more nodes than memory holds. */
	struct list_head *runs[8 * sizeof(size_t)] = { NULL };
	struct list_head *list = head->next, *sorted = NULL;
	unsigned int k, top = 0;

	if (list == head->prev) /* none or one */
		return;
	head->prev->next = NULL;
	while (list) {
		struct list_head *carry = list;

		list = list->next;
		carry->next = NULL;
		for (k = 0; runs[k]; k++) {
			carry = merge(priv, cmp, runs[k], carry);
			runs[k] = NULL;
		}
		runs[k] = carry;
		if (k >= top)
			top = k + 1;
	}
	for (k = 0; k < top; k++)
		if (runs[k])
			sorted = merge(priv, cmp, runs[k], sorted);
	relink(head, sorted);
}
