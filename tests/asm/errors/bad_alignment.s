// an alignment that is not a power of two
.version 8.0
.target sm_80
.address_size 64
.global .align 3 .u32 g;
// error: 5:16: alignment must be a power of two
