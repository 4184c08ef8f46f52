// a variable of type .pred
.version 8.0
.target sm_80
.address_size 64
.global .pred p;
// error: 5:1: variables cannot have type .pred
