// A job across simulated nodes ends, with a message, within 10 s when a
// UPC thread on one node is killed, and when the daemon of a node dies
// (its UPC threads are left without it), while the other threads wait in a
// barrier. No process of the job may outlive it by more than 5 s (the
// runtime asks the kernel to kill a rank whose launcher dies).
//
// REQUIRES: simulated-nodes
// RUN: %upcc -O1 %s -o %t
// RUN: not timeout 10 %upcrun-nodes 2 2 %t thread 2> %t.thread
// RUN: FileCheck %s --check-prefix=THREAD < %t.thread
// RUN: not timeout 10 %upcrun-nodes 2 2 %t daemon 2> %t.daemon
// RUN: FileCheck %s --check-prefix=DAEMON < %t.daemon
// RUN: for i in 1 2 3 4 5 6 7 8 9 10; do pgrep -f '^%t' > /dev/null || break; sleep 0.5; done
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
