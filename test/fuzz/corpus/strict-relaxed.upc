#include <upc_relaxed.h>
strict shared int flag;
relaxed shared int data[THREADS];
shared strict int *strict sp;
void f(void) { strict shared int *p = &flag; *p = 1; }
