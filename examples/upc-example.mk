# The rules the examples' Makefiles share. A Makefile sets PROGRAM (built
# from PROGRAM.upc) and, if it needs libraries, LDLIBS, then includes this
# file. In an example's directory:
#   make                     (upc-instrument and upcrun on PATH)
#   make UPCI=/opt/upc/bin/upc-instrument UPCFLAGS="--profile --tool=profile"
#   make run THREADS=4
# UPCI is the upc-instrument program (not UPC_INSTRUMENT: that variable of
# the environment turns instrumentation off, and make exports command-line
# variables).
UPCI ?= upc-instrument
UPCRUN ?= $(patsubst %upc-instrument,%upcrun,$(UPCI))
UPCFLAGS ?=
COMPILER ?= cc
CC = $(UPCI) $(UPCFLAGS) $(COMPILER)
CFLAGS ?= -O2 -g
THREADS ?= 4

all: $(PROGRAM)

$(PROGRAM): $(PROGRAM).o
	$(CC) $(LDFLAGS) $^ $(LDLIBS) -o $@

# Make has no rule for .upc: compile it as C would be. -MMD writes
# $(PROGRAM).d, the headers it includes.
%.o: %.upc
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -c $< -o $@

run: $(PROGRAM)
	$(UPCRUN) -n $(THREADS) ./$(PROGRAM)

clean:
	rm -f $(PROGRAM) $(PROGRAM).o $(PROGRAM).d

.PHONY: all run clean
-include $(PROGRAM).d
