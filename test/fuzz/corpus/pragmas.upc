#pragma upc strict
shared int x;
void f(void) {
#pragma upc relaxed
  x = 1;
}
#pragma pupc off
void g(void) {}
#pragma pupc on
#pragma upc bogus
#pragma pupc
