// three initializers for a two-element array
.version 8.0
.target sm_80
.address_size 64
.global .u32 g[2] = {1, 2, 3};
// error: 5:28: too many initializers: the variable has 2 elements
