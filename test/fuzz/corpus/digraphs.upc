%:include <upc.h>
shared <:4:> int a<:4 * THREADS:>;
void f(void) <%
  upc_forall (int i = 0; i < 4; i++; &a<:i:>) a<:i:> = 1;
%>
%:define CAT(a, b) a %:%: b
shared <:*:> int s<:THREADS:>;
