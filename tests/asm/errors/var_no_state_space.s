// a variable declaration with no state space
.version 8.0
.target sm_80
.address_size 64
.u32 g;
// error: 5:1: declaration of 'g' has no state space
