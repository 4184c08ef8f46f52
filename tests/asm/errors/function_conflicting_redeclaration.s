// a function declared twice with different parameter types
.version 8.0
.target sm_80
.address_size 64
.func f(.param .u32 a);
.func f(.param .u64 a);
// error: 6:7: conflicting declaration of 'f'
