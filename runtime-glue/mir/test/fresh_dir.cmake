# cmake -DDIR=dir -P fresh_dir.cmake: an empty DIR.
file(REMOVE_RECURSE "${DIR}")
file(MAKE_DIRECTORY "${DIR}")
