// A job across simulated nodes ends, with a message, when a UPC thread on
// one node is killed, and when the daemon of a node dies (its UPC threads
// are left without it), while the other threads wait in a barrier; no
// process of the job outlives it (the runtime asks the kernel to kill a
// rank whose launcher dies). Outcomes only: a job that never ended would be
// stopped by %upcrun-nodes' deadline (test/tools/deadline) without the
// message, and a process that stayed would still be there after the 60 s
// the last lines wait for it to go.
//
// REQUIRES: simulated-nodes
// RUN: %upcc -O1 %s -o %t
// RUN: not %upcrun-nodes 2 2 %t thread 2> %t.thread
// RUN: FileCheck %s --check-prefix=THREAD < %t.thread
// RUN: not %upcrun-nodes 2 2 %t daemon 2> %t.daemon
// RUN: FileCheck %s --check-prefix=DAEMON < %t.daemon
// RUN: for i in $(seq 600); do pgrep -f '^%t' > /dev/null || break; sleep 0.1; done
// RUN: not pgrep -f '^%t'
//
// THREAD: rank 3 with PID {{[0-9]+}} on node node2 exited on signal 9
// DAEMON: ORTE has lost communication with a remote daemon.
#include <upc.h>

#include <signal.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
  upc_barrier;
  if (MYTHREAD == THREADS - 1) {
    // The thread, or the daemon that started it on its simulated node
    // (Open MPI's orted is the parent of the ranks of a node).
    if (argc > 1 && strcmp(argv[1], "daemon") == 0)
      kill(getppid(), SIGKILL);
    else
      raise(SIGKILL);
  }
  // The others wait for it forever unless the job is ended.
  for (;;)
    upc_barrier;
}
