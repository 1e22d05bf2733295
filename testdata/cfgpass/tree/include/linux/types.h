/* stand-in: the basic types come with tracecheck's tracepoint.h */
