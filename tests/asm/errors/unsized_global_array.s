// an unsized .global array
.version 8.0
.target sm_80
.address_size 64
.global .u32 g[];
// error: 5:14: only .extern .shared arrays may be unsized
