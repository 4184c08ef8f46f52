// a .subroutine declared without a body
.version 8.0
.target sm_80
.address_size 64
.subroutine s;
// error: 5:13: a .subroutine needs a body
