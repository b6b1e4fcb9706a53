// shared with every layout qualifier ([N], [], [*], [0]), block sizes from literals, macros, file-scope enumerators, sizeof and UPC_MAX_BLOCK_SIZE, and shared arrays with THREADS in one dimension.
// RUN: %upc-instrument -fsyntax-only -Wall -Wextra %s 2>&1 | count 0
// RUN: %upc-instrument --dump-upc %s | FileCheck %s --implicit-check-not=__upc

// CHECK: shared-layouts.upc: UPC translation unit, dynamic THREADS

#define B 4
enum { EB = 3, EC = EB * 2 };
struct rec { int id; double v[3]; };

// CHECK: [[@LINE+1]]:12: shared variable 'scalar': shared int; block size 1; relaxed (default); file scope
shared int scalar;
// CHECK: [[@LINE+1]]:15: shared variable 'dbl': shared double[THREADS]; block size 1; THREADS elements; relaxed (default); file scope
shared double dbl[THREADS];

// --- Block size: a literal, a macro, a macro expression, an enumerator.
// CHECK: [[@LINE+1]]:16: shared variable 'lit': shared [5] int[5*THREADS]; block size 5; 5*THREADS elements; relaxed (default); file scope
shared [5] int lit[5*THREADS];
// CHECK: [[@LINE+1]]:16: shared variable 'mac': shared [{{.+}}] int[4*THREADS]; block size 4; 4*THREADS elements; relaxed (default); file scope
shared [B] int mac[B*THREADS];
// CHECK: [[@LINE+1]]:18: shared variable 'macx': shared [{{.+}}] int[8*THREADS]; block size 8; 8*THREADS elements; relaxed (default); file scope
shared [B*2] int macx[THREADS*B*2];
// CHECK: [[@LINE+1]]:17: shared variable 'en': shared [EB] int[3*THREADS]; block size 3; 3*THREADS elements; relaxed (default); file scope
shared [EB] int en[EB*THREADS];
// CHECK: [[@LINE+1]]:21: shared variable 'enx': shared [EC + 1] int[THREADS]; block size 7; THREADS elements; relaxed (default); file scope
shared [EC + 1] int enx[THREADS];

// --- Block size from sizeof, casts, character and suffixed constants.
// CHECK: [[@LINE+1]]:27: shared variable 'sz': shared [sizeof(int)] char[4*THREADS]; block size 4; 4*THREADS elements; relaxed (default); file scope
shared [sizeof(int)] char sz[4*THREADS];
// CHECK: [[@LINE+1]]:47: shared variable 'szs': shared [sizeof(struct rec) / sizeof(int)] int[THREADS]; block size 8; THREADS elements; relaxed (default); file scope
shared [sizeof(struct rec) / sizeof(int)] int szs[THREADS];
// CHECK: [[@LINE+1]]:30: shared variable 'szt': shared [sizeof(int[4])] char[16*THREADS]; block size 16; 16*THREADS elements; relaxed (default); file scope
shared [sizeof(int[4])] char szt[16*THREADS];
// CHECK: [[@LINE+1]]:29: shared variable 'szstr': shared [sizeof("x]y")] char[THREADS]; block size 4; THREADS elements; relaxed (default); file scope
shared [sizeof("x]y")] char szstr[THREADS];
// CHECK: [[@LINE+1]]:22: shared variable 'ch': shared ['\x03'] char[3*THREADS]; block size 3; 3*THREADS elements; relaxed (default); file scope
shared ['\x03'] char ch[3*THREADS];
// CHECK: [[@LINE+1]]:24: shared variable 'cast': shared [(int)2.5] char[2*THREADS]; block size 2; 2*THREADS elements; relaxed (default); file scope
shared [(int)2.5] char cast[2*THREADS];
// CHECK: [[@LINE+1]]:23: shared variable 'suffix': shared [4u + 1L] char[5*THREADS]; block size 5; 5*THREADS elements; relaxed (default); file scope
shared [4u + 1L] char suffix[5*THREADS];
// CHECK: [[@LINE+1]]:34: shared variable 'maxb': shared [{{.+}}] char[THREADS]; block size 2147483647; THREADS elements; relaxed (default); file scope
shared [UPC_MAX_BLOCK_SIZE] char maxb[THREADS];

// --- Indefinite: [], [0], and a block size that evaluates to 0.
// CHECK: [[@LINE+1]]:15: shared variable 'ind': shared [] int[10]; block size indefinite; 10 elements; relaxed (default); file scope
shared [] int ind[10];
// CHECK: [[@LINE+1]]:16: shared variable 'zero': shared [0] int[5]; block size indefinite; 5 elements; relaxed (default); file scope
shared [0] int zero[5];
// CHECK: [[@LINE+1]]:21: shared variable 'zerox': shared [EB - 3] int[7]; block size indefinite; 7 elements; relaxed (default); file scope
shared [EB - 3] int zerox[7];
// CHECK: [[@LINE+1]]:16: shared variable 'indm': shared [] long[3][4]; block size indefinite; 12 elements; relaxed (default); file scope
shared [] long indm[3][4];
// CHECK: [[@LINE+1]]:15: shared variable 'inds': shared [] int; block size indefinite; relaxed (default); file scope
shared [] int inds;

// --- [*]: THREADS equal blocks.
// CHECK: [[@LINE+1]]:16: shared variable 'star': shared [*] int[4*THREADS]; block size [*] = 4; 4*THREADS elements; relaxed (default); file scope
shared [*] int star[4*THREADS];
// CHECK: [[@LINE+1]]:19: shared variable 'star2': shared [*] double[THREADS][6]; block size [*] = 6; 6*THREADS elements; relaxed (default); file scope
shared [*] double star2[THREADS][6];

// --- THREADS in exactly one dimension, alone or times a constant.
// CHECK: [[@LINE+1]]:12: shared variable 'd1': shared int[4*THREADS]; block size 1; 4*THREADS elements; relaxed (default); file scope
shared int d1[4*THREADS];
// CHECK: [[@LINE+1]]:12: shared variable 'd2': shared int[4*THREADS]; block size 1; 4*THREADS elements; relaxed (default); file scope
shared int d2[THREADS*4];
// CHECK: [[@LINE+1]]:12: shared variable 'd3': shared int[THREADS][4]; block size 1; 4*THREADS elements; relaxed (default); file scope
shared int d3[THREADS][4];
// CHECK: [[@LINE+1]]:16: shared variable 'd4': shared [2] int[4][THREADS]; block size 2; 4*THREADS elements; relaxed (default); file scope
shared [2] int d4[4][THREADS];
// CHECK: [[@LINE+1]]:16: shared variable 'd5': shared [3] int[2][3*THREADS][5]; block size 3; 30*THREADS elements; relaxed (default); file scope
shared [3] int d5[2][3*THREADS][5];
// CHECK: [[@LINE+1]]:12: shared variable 'd6': shared int[THREADS]; block size 1; THREADS elements; relaxed (default); file scope
shared int d6[(THREADS)];
// CHECK: [[@LINE+1]]:12: shared variable 'd7': shared int[6*THREADS]; block size 1; 6*THREADS elements; relaxed (default); file scope
shared int d7[2*THREADS*3];
// CHECK: [[@LINE+1]]:12: shared variable 'd8': shared int[8*THREADS]; block size 1; 8*THREADS elements; relaxed (default); file scope
shared int d8[B*2*THREADS];
// CHECK: [[@LINE+1]]:12: shared variable 'd9': shared int[3*THREADS]; block size 1; 3*THREADS elements; relaxed (default); file scope
shared int d9[EB*THREADS];
// CHECK: [[@LINE+1]]:12: shared variable 'd10': shared int[4*THREADS]; block size 1; 4*THREADS elements; relaxed (default); file scope
shared int d10[sizeof(int)*THREADS];
// CHECK: [[@LINE+1]]:19: shared variable 'srec': shared struct rec[THREADS]; block size 1; THREADS elements; relaxed (default); file scope
shared struct rec srec[THREADS];

// --- The qualifier after the type specifier, several declarators, a layout
// over several lines.
// CHECK: [[@LINE+1]]:12: shared variable 'after': shared int; block size 1; relaxed (default); file scope
int shared after;
// CHECK: [[@LINE+1]]:16: shared variable 'after4': shared [4] int[4*THREADS]; block size 4; 4*THREADS elements; relaxed (default); file scope
int shared [4] after4[4*THREADS];
// CHECK: [[@LINE+3]]:16: shared variable 'm1': shared [2] int[2*THREADS]; block size 2; 2*THREADS elements; relaxed (default); file scope
// CHECK: [[@LINE+2]]:31: shared variable 'm2': shared [2] int[THREADS][2]; block size 2; 2*THREADS elements; relaxed (default); file scope
// CHECK: [[@LINE+1]]:47: shared variable 'm3': shared [2] int; block size 2; relaxed (default); file scope
shared [2] int m1[2*THREADS], m2[THREADS][2], m3;
shared [
  6
// CHECK: [[@LINE+1]]:10: shared variable 'split': shared [6] double[6*THREADS]; block size 6; 6*THREADS elements; relaxed (default); file scope
] double split[6*THREADS];

int main(void) {
  return scalar + lit[0] + mac[0] + macx[0] + en[0] + enx[0] + sz[0] + szs[0] +
         szt[0] + szstr[0] + ch[0] + cast[0] + suffix[0] + maxb[0] + ind[0] +
         zero[0] + zerox[0] + (int)indm[0][0] + inds + star[0] +
         (int)star2[0][0] + d1[0] + d2[0] + d3[0][0] + d4[0][0] + d5[0][0][0] +
         d6[0] + d7[0] + d8[0] + d9[0] + d10[0] + srec[0].id + after +
         after4[0] + m1[0] + m2[0][0] + m3 + (int)split[0] + (int)dbl[0];
}

// CHECK: 39 shared variables, 0 upc_forall, 0 synchronization statements, 0 UPC sizeof operators, 0 pragmas
