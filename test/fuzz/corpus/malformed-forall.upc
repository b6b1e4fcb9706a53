void f(void) {
  upc_forall (int i = 0; i < 4; i++) ;
  upc_forall (int i = 0; i < 4; i++; i; i) ;
  upc_forall int i;
  upc_forall (;;
  upc_forall (i = 0; i < 4; i++; i
}
