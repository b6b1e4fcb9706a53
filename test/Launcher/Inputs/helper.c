/* Plain C: compiled unchanged. */
int helper(int x) { return x + 1; }
