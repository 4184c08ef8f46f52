// a variable declaration with no type
.version 8.0
.target sm_80
.address_size 64
.global g;
// error: 5:1: declaration of 'g' has no type
