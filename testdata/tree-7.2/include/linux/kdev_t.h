/* stand-in: <linux/kdev_t.h> */
