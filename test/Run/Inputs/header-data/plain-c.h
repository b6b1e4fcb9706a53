/* Plain C: one object per process, as a C library's state. */
int plain_c_value;
