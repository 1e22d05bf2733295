/* stand-in: tracecheck uses its own tracepoint.h */
