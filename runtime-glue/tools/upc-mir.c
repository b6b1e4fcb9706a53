/*
 * upc-mir - sends a MIR request to a running UPC program and prints its
 * reply, or searches a program's bottlenecks (docs/mir.md):
 *
 *   upc-mir send [--wait SECONDS] [--timeout SECONDS] SOCKET [REQUEST.xml|-]
 *   upc-mir search [OPTIONS] -- COMMAND [ARGS...]
 *
 * send's exit status: 0 a reply arrived (root element not <errors>), 1 the
 * reply is an <errors> document, 2 anything else (usage, files, connection,
 * no reply). search is the Python package upc_mir (upc_mir/search.py),
 * installed beside upc-prof's; this program only finds it and runs it.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "client.h"
#include "io.h"

#ifndef UPC_MIR_VERSION
#define UPC_MIR_VERSION "unknown"
#endif
/* Where the Python modules are, from the directory of this program (an
 * install and the build tree have the same layout), and the interpreter. */
#ifndef UPC_MIR_PYTHON_DIR
#define UPC_MIR_PYTHON_DIR "../lib/upc-instrument/python"
#endif
#ifndef UPC_MIR_PYTHON
#define UPC_MIR_PYTHON "python3"
#endif

/* --wait beyond a day is surely a mistake (and would overflow a long on
 * 32-bit hosts in milliseconds soon after). */
#define MAX_WAIT_SECONDS 86400.0
/* How long a reply may take by default: a snapshot of thousands of
 * threads, or a program under load, takes seconds, not a minute. */
#define DEFAULT_TIMEOUT_SECONDS 60.0

static const char usage_text[] =
    "usage: upc-mir send [--wait SECONDS] [--timeout SECONDS] SOCKET "
    "[REQUEST.xml|-]\n"
    "       upc-mir search [OPTIONS] -- COMMAND [ARGS...]\n"
    "       upc-mir --help | --version\n";

static void help(void) {
  fputs(usage_text, stdout);
  fputs(
      "\n"
      "Sends a MIR request (control, snapshot, ...) to the running UPC\n"
      "program listening on the Unix socket SOCKET (the program's\n"
      "UPC_MIR_SOCKET) and prints the program's reply on standard output.\n"
      "A SOCKET without '/' is in your private directory of MIR sockets\n"
      "($XDG_RUNTIME_DIR/upc-mir, else /tmp/upc-mir-UID), as for the\n"
      "program. A program running as another user is refused. The request\n"
      "is read from REQUEST.xml, or from standard input when it is '-' or\n"
      "absent (at most 1 MiB).\n"
      "\n"
      "Options:\n"
      "  --wait SECONDS     wait up to SECONDS (decimals allowed) for the\n"
      "                     socket to appear and accept; default 0: one\n"
      "                     attempt\n"
      "  --timeout SECONDS  give up when the reply has not arrived SECONDS\n"
      "                     after the connection (default 60); replies are\n"
      "                     at most 64 MiB\n"
      "  --help          show this help and exit\n"
      "  --version       show the version and exit\n"
      "\n"
      "Exit status: 0 a reply arrived; 1 the reply is an <errors> document;\n"
      "2 usage error, unreadable request, connection failure or no reply.\n"
      "\n"
      "upc-mir search starts COMMAND (a program built with upc-instrument\n"
      "--mir-dormant, e.g. upcrun -n 4 ./prog) and searches its bottlenecks\n"
      "through its MIR channel; 'upc-mir search --help' says more.\n",
      stdout);
}

/* Exits with status 2 after "upc-mir: error: ..." (and the usage line for
 * usage errors). */
static void fail(int usage, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("upc-mir: error: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  if (usage)
    fprintf(stderr, "%sTry 'upc-mir --help' for more information.\n",
            usage_text);
  exit(2);
}

/* Milliseconds of a --wait or --timeout value. */
static long parse_seconds(const char *option, const char *text) {
  char *end;
  errno = 0;
  double s = strtod(text, &end);
  if (end == text || *end || errno || !isfinite(s) || s < 0 ||
      s > MAX_WAIT_SECONDS)
    fail(1, "%s needs a number of seconds (0 to %.0f), not '%s'", option,
         MAX_WAIT_SECONDS, text);
  return (long)(s * 1000.0 + 0.5);
}

/* The whole of file name ("-": standard input); exits on failure. */
static char *read_request(const char *name, size_t *len) {
  int from_stdin = strcmp(name, "-") == 0;
  FILE *f = from_stdin ? stdin : fopen(name, "rb");
  if (!f)
    fail(0, "cannot open %s: %s", name, strerror(errno));
  size_t cap = 8192, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    n += fread(buf + n, 1, cap - n, f);
    if (n < cap)
      break;
    /* Reading one byte past the limit is enough to reject the request. */
    if (cap > MIR_MAX_REQUEST)
      break;
    char *nb = realloc(buf, cap * 2);
    if (!nb) {
      free(buf);
      buf = NULL;
      break;
    }
    buf = nb;
    cap *= 2;
  }
  if (!buf)
    fail(0, "out of memory reading %s", name);
  if (ferror(f))
    fail(0, "cannot read %s: %s", from_stdin ? "standard input" : name,
         strerror(errno));
  if (n > MIR_MAX_REQUEST)
    fail(0, "%s: request too large (more than %u bytes)",
         from_stdin ? "standard input" : name, MIR_MAX_REQUEST);
  if (!from_stdin)
    fclose(f);
  *len = n;
  return buf;
}

/* Is the first element of the XML text s called "errors"? Skips a byte
 * order mark, white space, the XML declaration and processing
 * instructions, comments and a DOCTYPE; no more parsing than that. */
static int root_is_errors(const char *s) {
  if (strncmp(s, "\xEF\xBB\xBF", 3) == 0)
    s += 3;
  for (;;) {
    s += strspn(s, " \t\r\n");
    const char *end;
    if (strncmp(s, "<?", 2) == 0)
      end = strstr(s + 2, "?>");
    else if (strncmp(s, "<!--", 4) == 0)
      end = strstr(s + 4, "-->");
    else if (strncmp(s, "<!", 2) == 0) /* DOCTYPE (no internal subset) */
      end = strchr(s + 2, '>');
    else
      break;
    if (!end)
      return 0;
    s = strchr(end, '>') + 1;
  }
  if (strncmp(s, "<errors", 7) != 0)
    return 0;
  char c = s[7];
  return c == '>' || c == '/' || c == ' ' || c == '\t' || c == '\r' ||
         c == '\n';
}

static int cmd_send(int argc, char **argv) {
  long wait_ms = 0, timeout_ms = (long)(DEFAULT_TIMEOUT_SECONDS * 1000);
  const char *positional[2];
  int npos = 0, options_done = 0;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (!options_done && strcmp(a, "--") == 0) {
      options_done = 1;
    } else if (!options_done && strcmp(a, "--help") == 0) {
      help();
      exit(0);
    } else if (!options_done && strcmp(a, "--wait") == 0) {
      if (i + 1 == argc)
        fail(1, "--wait needs a number of seconds");
      wait_ms = parse_seconds("--wait", argv[++i]);
    } else if (!options_done && strncmp(a, "--wait=", 7) == 0) {
      wait_ms = parse_seconds("--wait", a + 7);
    } else if (!options_done && strcmp(a, "--timeout") == 0) {
      if (i + 1 == argc)
        fail(1, "--timeout needs a number of seconds");
      timeout_ms = parse_seconds("--timeout", argv[++i]);
    } else if (!options_done && strncmp(a, "--timeout=", 10) == 0) {
      timeout_ms = parse_seconds("--timeout", a + 10);
    } else if (!options_done && a[0] == '-' && a[1] != '\0') {
      fail(1, "unknown option '%s'", a);
    } else if (npos == 2) {
      fail(1, "unexpected argument '%s'", a);
    } else {
      positional[npos++] = a;
    }
  }
  if (npos == 0)
    fail(1, "send needs the program's SOCKET");

  size_t len;
  char *request = read_request(npos == 2 ? positional[1] : "-", &len);
  char *error = NULL;
  char *reply = mir_client_send(positional[0], request, len, wait_ms,
                                timeout_ms, &error);
  free(request);
  if (!reply)
    fail(0, "%s", error ? error : "out of memory");

  size_t rlen = strlen(reply);
  fwrite(reply, 1, rlen, stdout);
  if (rlen > 0 && reply[rlen - 1] != '\n')
    fputc('\n', stdout);
  if (fflush(stdout) != 0 || ferror(stdout))
    fail(0, "cannot write the reply: %s", strerror(errno));
  int status = root_is_errors(reply) ? 1 : 0;
  free(reply);
  return status;
}

/* Runs upc_mir.search (Python) with the arguments after "search", from
 * the modules beside this program's installation. Returns only on
 * failure. */
static int cmd_search(int argc, char **argv) {
  char self[4096];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0 || (size_t)n >= sizeof self - 1)
    fail(0, "cannot find this program's directory: %s", strerror(errno));
  self[n] = '\0';
  char *slash = strrchr(self, '/');
  *slash = '\0';
  size_t need = strlen(self) + sizeof "/" UPC_MIR_PYTHON_DIR;
  char *dir = malloc(need);
  if (!dir)
    fail(0, "out of memory");
  snprintf(dir, need, "%s/%s", self, UPC_MIR_PYTHON_DIR);
  /* Without "..": the modules' paths are then those of the install. */
  char *real = realpath(dir, NULL);
  if (real) {
    free(dir);
    dir = real;
  }
  char probe[4200];
  snprintf(probe, sizeof probe, "%s/upc_mir/search.py", dir);
  if (access(probe, R_OK) != 0)
    fail(0, "cannot find the search's modules (%s: %s)", probe,
         strerror(errno));
  /* execvp's arguments are char *: writable copies of the constants. The
   * interpreter is the one on PATH, as upc-prof's "#!/usr/bin/env
   * python3" finds it. */
  static char python[] = UPC_MIR_PYTHON, opt_b[] = "-B", opt_s[] = "-S",
              opt_c[] = "-c";
  /* -B: no __pycache__ written into the installation; -S: no site
   * packages (the modules need the standard library only; the program
   * starts sooner); the modules' directory goes first on sys.path, and is
   * not seen by the program the search starts (nothing in its
   * environment changes). */
  static char boot[] =
      "import sys; sys.path.insert(0, sys.argv.pop(1)); "
      "sys.argv[0] = 'upc-mir search'; "
      "from upc_mir.search import main; sys.exit(main())";
  char **args = calloc((size_t)argc + 6, sizeof *args);
  if (!args)
    fail(0, "out of memory");
  int k = 0;
  args[k++] = python;
  args[k++] = opt_b;
  args[k++] = opt_s;
  args[k++] = opt_c;
  args[k++] = boot;
  args[k++] = dir;
  for (int i = 0; i < argc; i++)
    args[k++] = argv[i];
  args[k] = NULL;
  execvp(python, args);
  fail(0, "cannot run %s: %s (upc-mir search needs Python 3 on PATH)",
       python, strerror(errno));
  return 2;
}

int main(int argc, char **argv) {
  if (argc < 2)
    fail(1, "no command");
  const char *cmd = argv[1];
  if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
    help();
    return 0;
  }
  if (strcmp(cmd, "--version") == 0) {
    printf("upc-mir %s\n", UPC_MIR_VERSION);
    return 0;
  }
  if (strcmp(cmd, "send") == 0)
    return cmd_send(argc - 2, argv + 2);
  if (strcmp(cmd, "search") == 0)
    return cmd_search(argc - 2, argv + 2);
  if (cmd[0] == '-')
    fail(1, "unknown option '%s'", cmd);
  fail(1, "unknown command '%s'", cmd);
  return 2;
}
