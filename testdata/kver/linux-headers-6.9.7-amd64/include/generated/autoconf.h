/* a stand-in for the configuration the headers package was built with */
#define CONFIG_TRACEPOINTS 1
#define CONFIG_TRACING 1
#define CONFIG_EVENT_TRACING 1
#define CONFIG_SMP 1
#define CONFIG_64BIT 1
#define CONFIG_X86 1
#define CONFIG_X86_64 1
#define CONFIG_HZ 250
