/* A C header: what it declares is ordinary C data, one per process. */
extern int process_wide;
int add_process_wide(int n);
