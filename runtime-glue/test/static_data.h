/* static_data.h - what the two static-data test files share (as a UPC
 * header's declarations would be translated). */
#ifndef STATIC_DATA_H
#define STATIC_DATA_H
#include "upcr.h"
extern upcr_pshared_ptr_t foo, after_foo_1, after_foo_2, bar;
#endif
