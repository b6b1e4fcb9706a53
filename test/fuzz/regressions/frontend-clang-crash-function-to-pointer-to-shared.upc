void h(void);
shared int *p = h;
