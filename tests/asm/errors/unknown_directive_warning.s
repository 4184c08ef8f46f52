// an unmodeled directive is a warning (once per file); the error after it is still reported
.version 8.0
.target sm_80
.address_size 64
.pragma "nounroll";
.visible .entry k()
{
	.reg .b32 %r<4>;
	.pragma "nounroll";
	frob %r1;
	ret;
}
// warning: 5:1: directive '.pragma' is not modeled; skipped (further ones in this file are skipped silently)
// error: 10:2: unknown instruction 'frob'
