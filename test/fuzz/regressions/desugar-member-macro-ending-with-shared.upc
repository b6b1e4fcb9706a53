#define FIELD .shared
v FIELD[0];
