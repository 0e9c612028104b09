/* cli.h: the command-line manners every program in c_examples/ shares.
 *
 *   cli_init(argc, argv, "prog", usage)   first thing in main: answers --help (the usage
 *                                          on stdout, exit 0) and keeps descriptor 1 taken
 *                                          when stdout is closed
 *   cli_input(path)                        the named file, or standard input for NULL/"-";
 *                                          refuses with the path and the OS's reason
 *   cli_output_ok()                        after each answer: stop at the first write error
 *   return cli_finish(status);             at the end: flush and close stdout, and turn a
 *                                          write error into status 1 and one line on stderr
 *
 * A program whose output cannot be written (stdout on a full disk or /dev/full, a closed
 * stdout, a pipe whose reader is gone while SIGPIPE is ignored) must not exit 0 as if
 * the answer had been delivered: it says "prog: cannot write standard output: <reason>"
 * on stderr and exits 1.
 *
 * Include it before any other header: it asks for POSIX (fcntl, open, isatty, fstat). */
#ifndef CLI_H
#define CLI_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *cli_prog = "?";
static const char *cli_input_name = "standard input";
static int cli_write_errno; /* errno of a failed write seen by cli_output_ok */

/* One line on stderr, "prog: what", and exit status 1. */
static inline void cli_fail(const char *what) {
  fprintf(stderr, "%s: %s\n", cli_prog, what);
  exit(1);
}

/* The usage was asked for, or a usage error: status 0 prints it on stdout (checked like
 * any output), anything else prints "prog: what (see prog --help)" on stderr. */
static inline int cli_finish(int status);

static inline void cli_usage_error(const char *what) {
  fprintf(stderr, "%s: %s (see %s --help)\n", cli_prog, what, cli_prog);
  exit(1);
}

static inline void cli_init(int argc, char **argv, const char *prog, const char *usage) {
  int i;
  cli_prog = prog;
  /* A closed descriptor 1 would be handed to the next file the program opens (an image
   * file, say), and the answer would land in it. Take it with a read-only /dev/null:
   * every write to stdout then fails with EBADF, as it would on the closed descriptor. */
  if (fcntl(1, F_GETFD) == -1 && errno == EBADF) {
    int fd = open("/dev/null", O_RDONLY);
    if (fd >= 0 && fd != 1) {
      dup2(fd, 1);
      close(fd);
    }
  }
  for (i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      fputs(usage, stdout);
      exit(cli_finish(0));
    }
  }
}

/* Stops the program at the first write error on stdout (a closed pipe, a full disk):
 * there is no point computing answers nobody can read. */
static inline void cli_output_ok(void) {
  if (ferror(stdout)) {
    cli_write_errno = errno; /* set by the write that failed, just before */
    exit(cli_finish(1));
  }
}

/* Flushes and closes stdout. Returns `status`, or 1 after one line on stderr when any
 * output was lost. glibc keeps unwritten bytes after a failed write, so the flush here
 * tries again and leaves the reason in errno. */
static inline int cli_finish(int status) {
  int failed = 0, err = 0;
  errno = 0;
  if (fflush(stdout) != 0 || ferror(stdout)) {
    failed = 1;
    err = errno;
  }
  errno = 0;
  if (fclose(stdout) != 0 && !failed) {
    failed = 1;
    err = errno;
  }
  if (!failed) return status;
  if (err == 0) err = cli_write_errno;
  fprintf(stderr, "%s: cannot write standard output: %s\n", cli_prog,
          err ? strerror(err) : "write error");
  return 1;
}

/* The input of a program that reads a file or standard input. On a terminal it says
 * once on stderr where it is reading, so that a user is not left waiting in silence. */
static inline FILE *cli_input(const char *path) {
  FILE *f;
  struct stat st;
  char msg[512];
  if (path == NULL || strcmp(path, "-") == 0) {
    if (isatty(0))
      fprintf(stderr, "%s: reading standard input (end it with Ctrl-D; %s --help for usage)\n",
              cli_prog, cli_prog);
    return stdin;
  }
  cli_input_name = path;
  f = fopen(path, "rb");
  if (f == NULL) {
    snprintf(msg, sizeof msg, "cannot open '%s': %s", path, strerror(errno));
    cli_fail(msg);
  }
  if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    snprintf(msg, sizeof msg, "cannot read '%s': %s", path, strerror(EISDIR));
    cli_fail(msg);
  }
  return f;
}

/* The input could not be parsed: when the stream had a read error, that is what went
 * wrong (named with the path and the reason); otherwise the parser's message. */
static inline void cli_input_failed(FILE *in, const char *parser_msg) {
  char msg[512];
  if (ferror(in)) {
    snprintf(msg, sizeof msg, "cannot read '%s': %s", cli_input_name,
             strerror(errno ? errno : EIO));
    cli_fail(msg);
  }
  cli_fail(parser_msg);
}

/* The arguments of a judge program: at most one input file (or "-"), nothing else
 * besides --help and the options in `flags` (a NULL-terminated list, may be NULL), each
 * of which sets the matching element of `set` to 1. Returns the file or NULL. */
static inline const char *cli_judge_args(int argc, char **argv, const char *const *flags, int *set) {
  const char *path = NULL;
  char msg[256];
  int i, k;
  for (i = 1; i < argc; ++i) {
    const char *a = argv[i];
    int known = 0;
    for (k = 0; flags != NULL && flags[k] != NULL; ++k) {
      if (strcmp(a, flags[k]) == 0) {
        if (set[k]) {
          snprintf(msg, sizeof msg, "%.64s given twice", a);
          cli_usage_error(msg);
        }
        set[k] = known = 1;
      }
    }
    if (known) continue;
    if (a[0] == '-' && a[1] != '\0') {
      snprintf(msg, sizeof msg, "unknown option '%.64s'", a);
      cli_usage_error(msg);
    }
    if (path != NULL) {
      snprintf(msg, sizeof msg, "one input file at most, got '%.64s' and '%.64s'", path, a);
      cli_usage_error(msg);
    }
    if (a[0] == '\0') cli_usage_error("empty file name");
    path = a;
  }
  return path;
}

#endif
