/* stand-in */
