/* A C header in a system include directory: UPC words are plain names. */
struct c_names {
  int shared[4];
  int THREADS;
};
