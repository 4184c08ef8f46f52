// an address size other than 32 or 64
.version 8.0
.target sm_80
.address_size 48
// error: 4:15: address size must be 32 or 64
