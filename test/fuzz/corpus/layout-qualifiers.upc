shared [] int indef[100];
shared [0] int zero[100];
shared [*] int star[THREADS * 16];
shared [1] int one[THREADS];
shared [UPC_MAX_BLOCK_SIZE] char big[THREADS];
shared [sizeof(int) * 2] long sz[8 * THREADS];
