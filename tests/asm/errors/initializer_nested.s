// nested initializers read as C reads them: a row with too many values, too many rows, a
// scalar for an array, a list nested deeper than the variable
.version 8.0
.target sm_80
.address_size 64
.global .u32 a[2][2] = {{1, 2, 3}};
// error: 6:32: too many initializers: the row has 2 elements
.global .u32 b[2][2] = {{1}, {2}, {3}};
// error: 8:35: too many initializers: the variable has 2 rows
.global .u32 c[2] = 5;
// error: 10:21: an array or vector's initializer is a list in braces: {...}
.global .u32 d[2] = {{1}};
// error: 12:22: a braced list where a scalar belongs: the initializer is nested deeper than the variable
