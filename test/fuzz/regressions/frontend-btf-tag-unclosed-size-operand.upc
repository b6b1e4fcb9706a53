int t = sizeof(shared [4] int [THREADS]
