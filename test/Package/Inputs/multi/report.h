/* Plain C, called from UPC. */
void report(int threads, int sum, int expected);
