// Thread 0 runs hold() three times; each time it says it is inside ("inside.N")
// and stays there until the test releases it ("release.N"), then says it
// left ("after.N"). mir-inflight.test sends control requests while hold()
// is in flight. The program ends when the file "stop" exists.
#include <stdio.h>
#include <unistd.h>

static void touch(const char *name, int n) {
  char path[32];
  snprintf(path, sizeof path, "%s.%d", name, n);
  FILE *f = fopen(path, "w");
  if (f)
    fclose(f);
}

static void await(const char *name, int n) {
  char path[32];
  snprintf(path, sizeof path, "%s.%d", name, n);
  while (access(path, F_OK) != 0)
    usleep(1000);
}

void hold(int n) {
  touch("inside", n);
  await("release", n);
}

int main(void) {
  if (MYTHREAD == 0) {
    for (int n = 1; n <= 3; n++) {
      await("go", n);
      hold(n);
      touch("after", n);
    }
    await("stop", 0);
  }
  upc_barrier;
  return 0;
}
