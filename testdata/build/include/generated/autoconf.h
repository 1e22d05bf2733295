/* what kbuild's syncconfig writes, for testdata/tree */
#define CONFIG_FOO_STATS 1
