void fa(int *x);
void fb(int *x);
int main(void) {
  int x = 0;
  fa(&x);
  fb(&x);
  return x;
}
