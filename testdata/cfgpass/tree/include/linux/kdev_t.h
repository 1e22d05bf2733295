/* stand-in: nothing the test headers need */
