/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * cdevctl udev-test: what udev made of each node. The node's state comes
 * from libudev (the udev database: devnode, links, properties, tags) and
 * from stat(2) of the node (mode, owner, group: what an open() meets). Only
 * the rules file and line behind an action come from `udevadm test`, whose
 * debug output is the one place udev 252 names them.
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <libudev.h>

#include "cdevctl.h"
#include "udev-test.h"

long ut_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000;
}

bool ut_list_has(const struct ut_list *l, const char *s)
{
	for (int i = 0; i < l->n; i++)
		if (!strcmp(l->v[i], s))
			return true;
	return false;
}

int ut_list_add(struct ut_list *l, const char *s)
{
	char **v = realloc(l->v, (l->n + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	l->v = v;
	v[l->n] = strdup(s);
	if (!v[l->n])
		return -ENOMEM;
	l->n++;
	return 0;
}

void ut_list_free(struct ut_list *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	*l = (struct ut_list){ 0 };
}

static int add_entries(struct ut_list *l, struct udev_list_entry *first, bool with_value)
{
	struct udev_list_entry *e;
	char buf[4096];
	int err = 0;

	udev_list_entry_foreach(e, first)
	{
		const char *name = udev_list_entry_get_name(e);

		if (with_value) {
			snprintf(buf, sizeof(buf), "%s=%s", name,
				 udev_list_entry_get_value(e) ?: "");
			name = buf;
		}
		err = ut_list_add(l, name);
		if (err)
			break;
	}
	return err;
}

int ut_node_read(struct udev *udev, const char *syspath, struct ut_node *node)
{
	struct udev_device *d = udev_device_new_from_syspath(udev, syspath);
	struct stat st;
	int err;

	*node = (struct ut_node){ 0 };
	if (!d)
		return -errno ?: -ENODEV;
	node->syspath = strdup(syspath);
	node->devnode = strdup(udev_device_get_devnode(d) ?: "");
	node->major = major(udev_device_get_devnum(d));
	node->minor = minor(udev_device_get_devnum(d));
	err = node->syspath && node->devnode ? 0 : -ENOMEM;
	if (!err && stat(node->devnode, &st) < 0)
		err = -errno;
	if (!err) {
		node->mode = st.st_mode & 07777;
		node->uid = st.st_uid;
		node->gid = st.st_gid;
		err = add_entries(&node->links, udev_device_get_devlinks_list_entry(d), false);
	}
	if (!err)
		err = add_entries(&node->props, udev_device_get_properties_list_entry(d), true);
	if (!err)
		err = add_entries(&node->tags, udev_device_get_tags_list_entry(d), false);
	udev_device_unref(d);
	return err;
}

static void rule_lines_free(struct ut_rule_line *v, int n)
{
	for (int i = 0; i < n; i++) {
		free(v[i].file);
		free(v[i].text);
	}
	free(v);
}

void ut_node_free(struct ut_node *node)
{
	free(node->syspath);
	free(node->devnode);
	ut_list_free(&node->links);
	ut_list_free(&node->props);
	ut_list_free(&node->tags);
	rule_lines_free(node->trace, node->ntrace);
	*node = (struct ut_node){ 0 };
}

/* ---- the rules behind the actions: `udevadm test` ---- */

static int rule_line_add(struct ut_rule_line **v, int *n, const char *file, int line,
			 const char *text)
{
	struct ut_rule_line *nv = realloc(*v, (*n + 1) * sizeof(*nv));

	if (!nv)
		return -ENOMEM;
	*v = nv;
	nv[*n] = (struct ut_rule_line){ strdup(file), line, strdup(text) };
	if (!nv[*n].file || !nv[*n].text) {
		free(nv[*n].file);
		free(nv[*n].text);
		return -ENOMEM;
	}
	(*n)++;
	return 0;
}

/* The user's name of a rules file udev read: the source of our copy, or NULL. */
static const char *rules_source(const struct ut_report *r, const char *path)
{
	for (int i = 0; i < r->nrules; i++)
		if (!strcmp(r->rules[i].copy, path))
			return r->rules[i].source;
	return NULL;
}

/*
 * One line of `udevadm test` output. Udev 252 writes
 *   "/run/udev/rules.d/F.rules:2 Invalid key 'BADKEY'"          (parse error)
 *   "NAME: /run/udev/rules.d/F.rules:1 MODE 0660"                (an action)
 * Errors count only in the tested files; actions of every file are shown.
 */
static int parse_test_line(struct ut_report *r, struct ut_node *node, char *s)
{
	char *rules = strstr(s, ".rules:"), *path, *end;
	const char *source;
	long line;

	if (!rules)
		return 0;
	path = rules;
	while (path > s && path[-1] != ' ')
		path--;
	if (*path != '/')
		return 0;
	line = strtol(rules + 7, &end, 10);
	if (end == rules + 7 || *end != ' ')
		return 0;
	rules[6] = '\0'; /* the path ends after ".rules" */
	source = rules_source(r, path);
	if (path == s)
		return source ? rule_line_add(&r->errors, &r->nerrors, source, line, end + 1) : 0;
	return rule_line_add(&node->trace, &node->ntrace, source ?: path, line, end + 1);
}

static bool error_known(const struct ut_report *r, int before)
{
	for (int i = 0; i < before; i++)
		if (r->errors[i].line == r->errors[before].line &&
		    !strcmp(r->errors[i].file, r->errors[before].file))
			return true;
	return false;
}

static pid_t spawn_udevadm_test(const char *syspath, int *out)
{
	int p[2];
	pid_t pid;

	if (pipe2(p, O_CLOEXEC) < 0)
		return -errno;
	pid = fork();
	if (pid < 0) {
		close(p[0]);
		close(p[1]);
		return -errno;
	}
	if (pid == 0) {
		sigset_t none;

		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		dup2(p[1], STDOUT_FILENO);
		dup2(p[1], STDERR_FILENO);
		execlp("udevadm", "udevadm", "test", "--action=add", syspath, (char *)NULL);
		_exit(127);
	}
	close(p[1]);
	*out = p[0];
	return pid;
}

/* Parse each complete line in @buf; keep a partial one at the start. */
static int parse_lines(struct ut_report *r, struct ut_node *node, char *buf, size_t *len)
{
	char *start = buf, *nl;
	int err = 0;

	while (!err && (nl = memchr(start, '\n', *len - (start - buf)))) {
		*nl = '\0';
		err = parse_test_line(r, node, start);
		start = nl + 1;
	}
	*len -= start - buf;
	memmove(buf, start, *len);
	return err;
}

/* Read the child's output until EOF, a signal (-EINTR) or the deadline. */
static int read_test_output(struct ut_report *r, struct ut_node *node, int fd, int sigfd,
			    long deadline)
{
	char buf[8192];
	size_t len = 0;
	int err = 0;

	for (;;) {
		struct pollfd p[2] = { { fd, POLLIN, 0 }, { sigfd, POLLIN, 0 } };
		long left = deadline - ut_now_ms();
		int n = poll(p, 2, left > 0 ? (int)left : 0);
		ssize_t got;

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			err = n ? -errno : -ETIMEDOUT;
			break;
		}
		if (p[1].revents & POLLIN) {
			err = -EINTR;
			break;
		}
		got = read(fd, buf + len, sizeof(buf) - 1 - len);
		if (got <= 0)
			break;
		len += got;
		err = parse_lines(r, node, buf, &len);
		if (err)
			break;
		if (len == sizeof(buf) - 1) /* a line longer than the buffer: skip it */
			len = 0;
	}
	close(fd);
	return err;
}

int ut_node_trace(struct ut_report *r, struct ut_node *node, int sigfd, int timeout_ms)
{
	int before = r->nerrors, fd = -1, err, status;
	pid_t pid = spawn_udevadm_test(node->syspath, &fd);

	if (pid < 0)
		return pid;
	err = read_test_output(r, node, fd, sigfd, ut_now_ms() + timeout_ms);
	if (err)
		kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	if (!err && !(WIFEXITED(status) && WEXITSTATUS(status) == 0))
		err = -ECHILD;
	/* Every node's run parses the same files: keep each error once. */
	for (int i = before; i < r->nerrors; i++) {
		if (!error_known(r, i))
			continue;
		free(r->errors[i].file);
		free(r->errors[i].text);
		r->errors[i--] = r->errors[--r->nerrors];
	}
	r->traced = true;
	return err;
}

/* ---- output ---- */

static const char *user_name(uid_t uid, char *buf, size_t size)
{
	struct passwd *pw = getpwuid(uid);

	if (pw)
		return pw->pw_name;
	snprintf(buf, size, "%u", (unsigned int)uid);
	return buf;
}

static const char *group_name(gid_t gid, char *buf, size_t size)
{
	struct group *gr = getgrgid(gid);

	if (gr)
		return gr->gr_name;
	snprintf(buf, size, "%u", (unsigned int)gid);
	return buf;
}

static void print_list(const char *label, const struct ut_list *l)
{
	printf("  %-10s", label);
	if (!l->n)
		printf(" (none)");
	for (int i = 0; i < l->n; i++)
		printf(" %s", l->v[i]);
	putchar('\n');
}

void ut_print_text(const struct ut_report *r)
{
	char ub[16], gb[16];

	for (int i = 0; i < r->nnodes; i++) {
		const struct ut_node *n = &r->nodes[i];

		printf("%s\n", n->devnode);
		printf("  %-10s %u:%u\n", "devnum", n->major, n->minor);
		printf("  %-10s %04o\n", "mode", (unsigned int)n->mode);
		printf("  %-10s %s\n", "owner", user_name(n->uid, ub, sizeof(ub)));
		printf("  %-10s %s\n", "group", group_name(n->gid, gb, sizeof(gb)));
		print_list("symlinks", &n->links);
		print_list("tags", &n->tags);
		printf("  properties\n");
		for (int j = 0; j < n->props.n; j++)
			printf("    %s\n", n->props.v[j]);
		if (!r->traced)
			continue;
		printf("  rules%s\n", n->ntrace ? "" : " (no rule set a mode, owner, link or RUN)");
		for (int j = 0; j < n->ntrace; j++)
			printf("    %s:%d %s\n", n->trace[j].file, n->trace[j].line,
			       n->trace[j].text);
	}
}

/* ---- expectations ---- */

static const char *const check_names[] = {
	[UT_SYMLINK] = "symlink", [UT_MODE] = "mode",	      [UT_OWNER] = "owner",
	[UT_GROUP] = "group",	  [UT_PROPERTY] = "property", [UT_TAG] = "tag",
};

const char *ut_check_name(enum ut_check c)
{
	return check_names[c];
}

/* A link may be named with or without /dev/: udev stores the full path. */
static bool has_link(const struct ut_node *n, const char *link)
{
	char full[4096];

	snprintf(full, sizeof(full), "/dev/%s", link);
	return ut_list_has(&n->links, link[0] == '/' ? link : full);
}

static const char *prop_value(const struct ut_node *n, const char *key, size_t klen)
{
	for (int i = 0; i < n->props.n; i++)
		if (!strncmp(n->props.v[i], key, klen) && n->props.v[i][klen] == '=')
			return n->props.v[i] + klen + 1;
	return NULL;
}

static bool id_matches(const char *want, unsigned int id, const char *name)
{
	char num[16];

	snprintf(num, sizeof(num), "%u", id);
	return !strcmp(want, name) || !strcmp(want, num);
}

/* Does @e hold on @n? The actual value in @actual, as the expectation spells it. */
static bool holds(const struct ut_node *n, const struct ut_expect *e, char *actual, size_t size)
{
	char buf[16];
	const char *v;
	size_t klen;

	switch (e->check) {
	case UT_MODE:
		snprintf(actual, size, "%04o", (unsigned int)n->mode);
		return strtoul(e->value, NULL, 8) == n->mode;
	case UT_OWNER:
		snprintf(actual, size, "%s", user_name(n->uid, buf, sizeof(buf)));
		return id_matches(e->value, n->uid, actual);
	case UT_GROUP:
		snprintf(actual, size, "%s", group_name(n->gid, buf, sizeof(buf)));
		return id_matches(e->value, n->gid, actual);
	case UT_PROPERTY:
		klen = strcspn(e->value, "=");
		v = prop_value(n, e->value, klen);
		snprintf(actual, size, "%.*s%s%s", (int)klen, e->value, v ? "=" : " unset",
			 v ?: "");
		return v && !strcmp(v, e->value + klen + 1);
	case UT_TAG:
		snprintf(actual, size, "tags:");
		for (int i = 0; i < n->tags.n; i++)
			snprintf(actual + strlen(actual), size - strlen(actual), " %s",
				 n->tags.v[i]);
		return ut_list_has(&n->tags, e->value);
	case UT_SYMLINK:
		snprintf(actual, size, "symlinks:");
		for (int i = 0; i < n->links.n; i++)
			snprintf(actual + strlen(actual), size - strlen(actual), " %s",
				 n->links.v[i]);
		return has_link(n, e->value);
	}
	return false;
}

/*
 * Each expectation must hold on every node, except a symlink, which names
 * one node: it must be on one of them.
 */
int ut_check(const struct ut_report *r, const struct ut_expect *e, int n, struct ut_result *res)
{
	char actual[1024];
	int failed = 0;

	for (int i = 0; i < n; i++) {
		const char *node = NULL;
		bool ok = e[i].check == UT_SYMLINK ? false : true;

		actual[0] = '\0';
		for (int j = 0; j < r->nnodes; j++) {
			bool h = holds(&r->nodes[j], &e[i], actual, sizeof(actual));

			if (e[i].check == UT_SYMLINK ? h : !h) {
				node = r->nodes[j].devnode;
				ok = h;
				break;
			}
		}
		res[i] = (struct ut_result){ node, ok, "" };
		snprintf(res[i].actual, sizeof(res[i].actual), "%s",
			 e[i].check == UT_SYMLINK && !ok ? "no node has it" : actual);
		failed += !ok;
	}
	return failed;
}

void ut_print_failures(const struct ut_expect *e, int n, const struct ut_result *res)
{
	for (int i = 0; i < n; i++)
		if (!res[i].held)
			fprintf(stderr, "%s: udev-test: expectation failed%s%s:\n-%s %s\n+%s %s\n",
				PROG, res[i].node ? " on " : "", res[i].node ?: "",
				ut_check_name(e[i].check), e[i].value, ut_check_name(e[i].check),
				res[i].actual);
}

/* ---- JSON ---- */

static void json_str(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

static void json_list(const char *key, const struct ut_list *l)
{
	printf("\"%s\":[", key);
	for (int i = 0; i < l->n; i++) {
		printf(i ? "," : "");
		json_str(l->v[i]);
	}
	printf("]");
}

static void json_rule_lines(const char *key, const struct ut_rule_line *v, int n)
{
	printf("\"%s\":[", key);
	for (int i = 0; i < n; i++) {
		printf("%s{\"file\":", i ? "," : "");
		json_str(v[i].file);
		printf(",\"line\":%d,\"text\":", v[i].line);
		json_str(v[i].text);
		printf("}");
	}
	printf("]");
}

static void json_node(const struct ut_node *n, bool traced)
{
	char ub[16], gb[16];

	printf("{\"devnode\":");
	json_str(n->devnode);
	printf(",\"syspath\":");
	json_str(n->syspath);
	printf(",\"devnum\":\"%u:%u\",\"mode\":\"%04o\",\"owner\":", n->major, n->minor,
	       (unsigned int)n->mode);
	json_str(user_name(n->uid, ub, sizeof(ub)));
	printf(",\"group\":");
	json_str(group_name(n->gid, gb, sizeof(gb)));
	printf(",");
	json_list("symlinks", &n->links);
	printf(",");
	json_list("tags", &n->tags);
	printf(",\"properties\":{");
	for (int i = 0; i < n->props.n; i++) {
		const char *eq = strchr(n->props.v[i], '=');
		char key[256];

		snprintf(key, sizeof(key), "%.*s", (int)(eq - n->props.v[i]), n->props.v[i]);
		printf(i ? "," : "");
		json_str(key);
		putchar(':');
		json_str(eq + 1);
	}
	printf("}");
	if (traced) {
		printf(",");
		json_rule_lines("rules", n->trace, n->ntrace);
	}
	printf("}");
}

void ut_print_json(const struct ut_report *r, const struct ut_expect *e, int n,
		   const struct ut_result *res)
{
	int failed = 0;

	printf("{\"rules_files\":[");
	for (int i = 0; i < r->nrules; i++) {
		printf(i ? "," : "");
		json_str(r->rules[i].source);
	}
	printf("],");
	json_rule_lines("rules_errors", r->errors, r->nerrors);
	printf(",\"nodes\":[");
	for (int i = 0; i < r->nnodes; i++) {
		printf(i ? "," : "");
		json_node(&r->nodes[i], r->traced);
	}
	printf("],\"expectations\":[");
	for (int i = 0; i < n; i++) {
		printf("%s{\"check\":\"%s\",\"expected\":", i ? "," : "",
		       ut_check_name(e[i].check));
		json_str(e[i].value);
		printf(",\"actual\":");
		json_str(res[i].actual);
		printf(",\"node\":");
		if (res[i].node)
			json_str(res[i].node);
		else
			printf("null");
		printf(",\"held\":%s}", res[i].held ? "true" : "false");
		failed += !res[i].held;
	}
	printf("],\"held\":%s}\n", failed ? "false" : "true");
}
