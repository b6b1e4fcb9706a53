void f(void){upc_forall(;;;
#
);}