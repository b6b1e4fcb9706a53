/*
 * static_data2.c - the second file of the static-data test: it lists the
 * tentatively defined `foo` again (its proxy is the same object), and has
 * an object of its own.
 */
#include "upcr.h"

#include "static_data.h"

/* shared int foo;   (tentative: same variable as static_data.c's)
 * shared int after_foo_2;
 * shared long bar; */
upcr_pshared_ptr_t after_foo_2;
upcr_pshared_ptr_t bar;

static void UPCRI_ALLOC_static_data2_9f8e(void) {
  upcr_startup_pshalloc_t pinfos[] = {
      {&foo, sizeof(int), 1, 0, sizeof(int), "foo", "shared int"},
      {&after_foo_2, sizeof(int), 1, 0, sizeof(int), "after_foo_2",
       "shared int"},
      {&bar, sizeof(long), 1, 0, sizeof(long), "bar", "shared long"},
  };
  upcr_startup_pshalloc(pinfos, sizeof pinfos / sizeof *pinfos);
}

UPCR_REGISTER_FILE(upcri_file_static_data2, "static_data2.upc", 0,
                   UPCRI_ALLOC_static_data2_9f8e, 0);
