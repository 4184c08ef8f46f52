// a .param variable outside any function
.version 8.0
.target sm_80
.address_size 64
.param .u32 g;
// error: 5:1: .param variables must be declared in a function
