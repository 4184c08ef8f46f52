// a .global variable defined twice
.version 8.0
.target sm_80
.address_size 64
.global .u32 g;
.global .u32 g;
// error: 6:14: redefinition of 'g'
