// one .file number given two different file names
.version 8.0
.target sm_80
.address_size 64
.file 1 "a.cu"
.file 1 "b.cu"
// error: 6:7: file number 1 is already declared as "a.cu"
