/* A UPC header found through -I with #include <...> (included by
 * user-headers.upc): not a system header, so it is UPC. */
shared [2] long angled_data[2 * THREADS];
