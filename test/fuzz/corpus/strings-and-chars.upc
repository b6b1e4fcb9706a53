const char *s = "shared [4] int upc_barrier; upc_forall";
char c = 'x';
const char *t = "THREADS" "MYTHREAD";
const char *u = u8"\"shared\"";
int w = L'\0';
