struct node { shared struct node *next; int v; };
shared struct node nodes[THREADS];
shared int *get(shared int *p) { return p + 1; }
shared [4] int *(*fp)(shared [4] int *);
void (*callbacks[2])(shared void *);
static shared int st;
extern shared int ext;
void f(void) { static shared int s; extern shared int e; (void)s; (void)e; }
