/*
 * collective.h - helpers shared by the collective library's files.
 */
#ifndef UPCR_CORE_COLLECTIVE_H
#define UPCR_CORE_COLLECTIVE_H

#include "internal.h"

void upcri_coll_check_flags(int flags, const char *what, upcr_srcpos_t pos);
/* The barriers UPC_IN_* / UPC_OUT_* ask for. */
void upcri_coll_enter(int flags, const char *what, int id, upcr_srcpos_t pos);
void upcri_coll_leave(int flags, const char *what, int id, upcr_srcpos_t pos);

#endif
