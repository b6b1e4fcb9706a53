#include <pthread.h>
#include "counters.h"

int process_wide;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

int add_process_wide(int n) {
  pthread_mutex_lock(&lock);
  int v = process_wide += n;
  pthread_mutex_unlock(&lock);
  return v;
}
