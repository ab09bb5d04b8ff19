/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A service manager's side of sd_notify(3), for the readiness tests:
 *
 *   notify-listen SOCKET NODE -- COMMAND [ARGS...]
 *
 * binds a datagram socket at SOCKET, runs COMMAND with NOTIFY_SOCKET set to
 * it, and prints what arrives, one line each: "pid N" first, "msg: LINE"
 * per line of a message, and for a message with READY=1, before anything
 * else, the result of reading NODE at that moment ("read: ok TEXT" or
 * "read: error MESSAGE"). When COMMAND ends: "exit N" or "signal N". Gives
 * up after 60 s (the command is killed, "timeout", status 1).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void read_node(const char *node)
{
	char buf[256];
	ssize_t n = -1;
	int fd = open(node, O_RDONLY | O_CLOEXEC);

	if (fd >= 0) {
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
	}
	if (n < 0) {
		printf("read: error %s\n", strerror(errno));
		return;
	}
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	printf("read: ok %s\n", buf);
}

/* One datagram: the node read first if it says READY=1, then its lines. */
static void handle(int sock, const char *node)
{
	char msg[4096];
	ssize_t n = recv(sock, msg, sizeof(msg) - 1, MSG_DONTWAIT);

	if (n <= 0)
		return;
	msg[n] = '\0';
	for (const char *l = msg; l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
		if (!strncmp(l, "READY=1", 7) && (l[7] == '\n' || l[7] == '\0')) {
			read_node(node);
			break;
		}
	for (char *line = strtok(msg, "\n"); line; line = strtok(NULL, "\n"))
		printf("msg: %s\n", line);
	fflush(stdout);
}

static int bind_socket(const char *path)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int sock = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	if (sock < 0 || strlen(path) >= sizeof(sa.sun_path))
		return -1;
	strcpy(sa.sun_path, path);
	unlink(path);
	if (bind(sock, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		close(sock);
		return -1;
	}
	return sock;
}

int main(int argc, char **argv)
{
	time_t deadline = time(NULL) + 60;
	int sock, status;
	pid_t pid;

	if (argc < 5 || strcmp(argv[3], "--")) {
		fprintf(stderr, "usage: notify-listen SOCKET NODE -- COMMAND [ARGS...]\n");
		return 2;
	}
	sock = bind_socket(argv[1]);
	if (sock < 0) {
		perror(argv[1]);
		return 1;
	}
	setenv("NOTIFY_SOCKET", argv[1], 1);
	pid = fork();
	if (pid == 0) {
		execvp(argv[4], argv + 4);
		_exit(127);
	}
	printf("pid %d\n", (int)pid);
	fflush(stdout);
	for (;;) {
		struct pollfd p = { .fd = sock, .events = POLLIN };

		if (poll(&p, 1, 50) > 0)
			handle(sock, argv[2]);
		if (waitpid(pid, &status, WNOHANG) == pid)
			break;
		if (time(NULL) > deadline) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			printf("timeout\n");
			return 1;
		}
	}
	/* What it sent just before it ended. */
	for (struct pollfd p = { .fd = sock, .events = POLLIN }; poll(&p, 1, 0) > 0;)
		handle(sock, argv[2]);
	if (WIFEXITED(status))
		printf("exit %d\n", WEXITSTATUS(status));
	else
		printf("signal %d\n", WTERMSIG(status));
	unlink(argv[1]);
	return 0;
}
