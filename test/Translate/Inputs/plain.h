/* A C header: kept as an #include. */
extern int process_wide;
