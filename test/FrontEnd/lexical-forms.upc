// Lexical forms of UPC syntax: keywords split by backslash-newline, digraphs for the brackets of layouts and affinities, comments and line breaks inside a layout qualifier, and #line.
// RUN: %upc-instrument -fsyntax-only -Wall -Wextra %s 2>&1 | count 0
// RUN: %upc-instrument --dump-upc %s | FileCheck %s --implicit-check-not=__upc

// A keyword split by a line splice.
// CHECK: [[@LINE+2]]:9: shared variable 'spliced': shared int; block size 1; relaxed (default); file scope
sha\
red int spliced;
// Digraphs.
// CHECK: [[@LINE+1]]:18: shared variable 'digraph': shared [4] int[4*THREADS]; block size 4; 4*THREADS elements; relaxed (default); file scope
shared <:4:> int digraph<:4*THREADS:>;
// CHECK: [[@LINE+1]]:17: shared variable 'digraph_ind': shared [] int[3]; block size indefinite; 3 elements; relaxed (default); file scope
shared <::> int digraph_ind<:3:>;
// Comments and line breaks between shared and its layout.
// CHECK: [[@LINE+1]]:29: shared variable 'commented': shared [2] int[2*THREADS]; block size 2; 2*THREADS elements; relaxed (default); file scope
shared /* layout */ [2] int commented[2*THREADS];
shared
  [ 3 /* block */ ]
// CHECK: [[@LINE+1]]:7: shared variable 'broken': shared [3] int[3*THREADS]; block size 3; 3*THREADS elements; relaxed (default); file scope
  int broken[3*THREADS];
// CHECK: [[@LINE+1]]:23: shared variable 'tabbed': strict shared [*] int[THREADS]; block size [*] = 1; THREADS elements; strict; file scope
strict	shared	[*]	int	tabbed[THREADS];

int main(void) {
  int t = 0;
  // CHECK: [[@LINE+1]]:3: upc_barrier: anonymous
  upc_bar\
rier;
  // CHECK: [[@LINE+1]]:3: upc_forall: affinity pointer-to-shared '&digraph<:i:>'
  upc_forall (int i = 0; i < 4; i++; &digraph<:i:>) <%
    t++;
  %>
  // CHECK: [[@LINE+1]]:3: upc_notify: value 't'
  upc_notify /* value: */ t;
  // CHECK: [[@LINE+1]]:3: upc_wait: anonymous
  upc_wait // no value
  ;
  return t + spliced + digraph_ind[0] + commented[0] + broken[0] + tabbed[0];
}

// #line renames the file and renumbers the lines that follow.
#line 500 "renamed.upc"
// CHECK: renamed.upc:501:12: shared variable 'after_line': shared int; block size 1; relaxed (default); file scope
shared int after_line;

// CHECK: 7 shared variables, 1 upc_forall, 3 synchronization statements, 0 UPC sizeof operators, 0 pragmas
