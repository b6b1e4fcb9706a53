shared int x;
shared double d = 1.5;
shared struct point { int x, y; } pt;
shared void *vp;
int main(void) { x = MYTHREAD; return 0; }
