# stand-in: 7.2 generates <asm/cpufeaturemasks.h> with this script from
# cpufeatures.h and the configuration; tracecheck does what it does
