// an unterminated string at the end of a .file directive
.file 1 "
// error: 2:9: missing terminating '"' character
