/* a stand-in for the configuration of the O= build */
#define CONFIG_TRACEPOINTS 1
#define CONFIG_EVENT_TRACING 1
#define CONFIG_64BIT 1
